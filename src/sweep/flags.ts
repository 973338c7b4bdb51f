// The sweep's flags and their limits, in the words `--help` and docs/scenarios.md print (the flag
// table of cli/args.ts lists them after --start). Read by sweep/spec.ts, for the command line and
// the page's Sweep dialog alike.

export const OUTPUTS = ["table", "csv", "jsonl"] as const;
export type SweepOutput = (typeof OUTPUTS)[number];

export const MAX_POINTS = 1000;
export const MAX_SEEDS = 100;
export const MAX_JOBS = 64;
/** Runs × simulated seconds a sweep or a search may ask for: about 10 minutes on 2 cores. */
export const SWEEP_CAP_S = 100_000;

export const SWEEP_FLAG_HELP = [
  {
    name: "sweep",
    value: "<key=A..B>",
    repeats: true,
    help: `run the scenario once per value of a key, evenly spaced from A to B, both ends included: 'lag=2000..4000'; A..B may stand for one number inside a key's value, such as a schedule's value or time or a fault's time ('herd=500@10..60', 'writes=200@0,6000@30..60'); a second numeric --sweep makes a grid; 'gates=<Gate>' adds the gate off and on as a dimension. Whole-number keys take whole values (rounded). The sweep's figures go to stdout, one row per point. A sweep may ask for at most ${SWEEP_CAP_S.toLocaleString("en-US")} simulated seconds (points × seeds × --duration)`,
  },
  {
    name: "points",
    value: "<N>[,<M>]",
    help: `a sweep's values per key, 2 … ${MAX_POINTS}, both ends included (N,M: N for the first --sweep, M for the second)`,
  },
  {
    name: "seeds",
    value: "<N>",
    help: `run each point on N seeds (the scenario's seed and the N−1 after it), 1 … ${MAX_SEEDS}, and report each figure's min, median and max (default 1)`,
  },
  {
    name: "output",
    value: OUTPUTS.join("|"),
    help: "a sweep's or search's output: table (default, aligned columns), csv (a header line, then a line a point), jsonl (one JSON object a line); not with --format",
  },
  {
    name: "figures",
    value: "<figure,…>",
    help: "a sweep's figures to print, in this order (default: all that have data; the names are listed below)",
  },
  {
    name: "jobs",
    value: "<N>",
    help: `points run at once in worker threads, 1 … ${MAX_JOBS} (default: the machine's cores); the output is the same byte for byte whatever N`,
  },
  {
    name: "find",
    value: "'<figure><op><number>'",
    help: "search the one numeric --sweep range for where a figure's test changes, e.g. 'fallbacks>0' (op: > >= < <= = !=): checks both ends and the points at ¼, ½ and ¾ of the range, then narrows to --precision; prints the threshold and the two runs that bracket it as links",
  },
  {
    name: "precision",
    value: "<number>",
    help: "--find only: stop when the bracket is this narrow, in the swept key's unit (required with --find)",
  },
];
