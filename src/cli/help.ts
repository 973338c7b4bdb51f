import { PAGE_KEYS } from "../sim/scenario/index.ts";
import { FIGURE_IDS } from "../sweep/figures.ts";
import { FLAGS } from "./args.ts";
import { keysHelp, wrap } from "./scenario-reference.ts";

// `npm run sim -- --help`: the flags from the flag table, the scenario keys from the key table,
// so the help cannot fall behind either.

const WIDTH = 100;

export const USAGE = [
  "usage: npm run sim -- [--scenario '<query>' | --preset <name>] --duration <seconds>",
  "                      [--format prom|json|openmetrics] [--step <seconds>]",
  "                      [--start <RFC 3339>] [--end <RFC 3339>]",
  "       npm run sim -- [--scenario '<query>' | --preset <name>] --duration <seconds>",
  "                      --sweep <key=A..B> [--sweep …] --points <N> [--seeds <N>]",
  "                      [--find '<figure><op><number>' --precision <number>]",
  "                      [--output table|csv|jsonl] [--figures <figure,…>] [--jobs <N>]",
  "       npm run sim -- --list-presets",
  "       npm run sim -- --help",
].join("\n");

const IGNORED_PAGE_KEYS = PAGE_KEYS.filter((key) => key !== "t" && key !== "twin");

const paragraph = (text: string) => wrap(text, WIDTH, 0);

function flagsHelp(): string {
  return FLAGS.map((flag) => {
    const head = `  --${flag.name}${flag.value === undefined ? "" : ` ${flag.value}`}`;
    return `${head}\n      ${wrap(flag.help, WIDTH, 6)}`;
  }).join("\n");
}

export function helpText(): string {
  return `${USAGE}

${paragraph("Runs a scenario of Watch Cache Lab headless, on the simulated clock, and prints its metrics on stdout: the same simulation, the same scenario text and the same series as the page.")}

Flags:
${flagsHelp()}

Scenario keys (key=value pairs joined by &, as in the page's link; only keys that differ from the
default need be written; docs/scenarios.md says the same at more length):
${keysHelp(WIDTH)}

${paragraph("Schedules: a key that takes a schedule accepts a number, or V@T,V@T,…: the value V from simulated second T on, the first T being 0 and each later one larger (decimals allowed). writes=2000@0,10@120 is 2000 writes/s for two minutes, then 10/s.")}

${paragraph(`Page keys: twin=<keys> (URL-encoded run keys, e.g. twin=lag%3D4000) runs a twin run B that is run A with those keys replaced, on the same clock; every series is then labelled run="A" or run="B". t is refused: the command line always runs from second 0 for --duration. ${IGNORED_PAGE_KEYS.join(", ")} are accepted and ignored: they change nothing simulated.`)}

${paragraph('OpenMetrics: every series gets a scenario="<link text>" label (and run="A"|"B" in a twin), so several runs can be backfilled into one Prometheus and told apart.')}

${paragraph(`Sweeps: each point is the scenario run alone for --duration with the swept keys set, and reports, over the whole run, ${FIGURE_IDS.join(", ")} (a read kind's p50/p99 only when that kind was sent; docs/scenarios.md, "Sweeps", defines each). --find takes the same figure names. A point's link (jsonl, --find) is the page's fragment: put it after the page's address.`)}

${paragraph("Exit status: 0 when the run was printed; 2 for any bad flag or scenario problem: every problem is printed on stderr and nothing on stdout. Runs and sweeps that take more than a second print their progress, with an estimate of the time left, on stderr; a sweep ends with a line of its runs and wall time.")}

Examples:
  npm run sim -- --scenario 'lag=5000&herd=500@10' --duration 60
  npm run sim -- --preset herd-skip-fallback --duration 120 --format json
  npm run sim -- --preset herd --scenario 'twin=gates%3DConsistentListFromCacheSkipTimeoutFallback%3Dtrue' --duration 60
  npm run sim -- --preset lagging --duration 3600 --format openmetrics --step 15 > run.om
  promtool tsdb create-blocks-from openmetrics run.om ./data
  npm run sim -- --scenario 'writes=200@0,6000@30,200@60' --duration 150 --sweep 'lag=2000..4000' --points 41
  npm run sim -- --duration 60 --sweep 'lag=0..10000' --find 'fallbacks>0' --precision 10 --seeds 5
  npm run sim -- --preset herd --duration 60 --sweep 'herd=500@5..40' --points 8 --sweep gates=ConsistentListFromCacheSkipTimeoutFallback --output csv
`;
}
