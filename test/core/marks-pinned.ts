import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { MarkView } from "../../src/sim/marks.ts";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation, type Simulation } from "../../src/sim/simulation.ts";
import { NS_PER_MS, NS_PER_S } from "../../src/sim/time.ts";
import { GOLDEN_SCENARIOS } from "../golden/golden-runs.ts";

// Every mark of a set of runs, pinned: the time, kind, text and place in the run's order of each.
// The marks' checks take shortcuts (src/sim/mark-watch.ts) that must never move a mark, and the
// golden runs do not see the marks. The runs: the golden scenarios, the 300 s benchmark, and runs
// that reach every mark kind, with faults pressed and values changed live between uneven slices.
// The test (marks-pinned.test.ts) and `node scripts/marks-pin-update.mjs` share this file.

export interface PinnedRun {
  readonly name: string;
  /** Runs the simulation and returns its marks. */
  readonly run: () => MarkView[];
}

/** A mark as one line: `seq atNs kind: detail`, with a ring mark's capacities. */
export function markLine(m: MarkView): string {
  const capacity = m.capacity === undefined ? "" : ` (${m.capacity.from}→${m.capacity.to})`;
  return `${m.seq} ${m.atNs} ${m.kind}: ${m.detail}${capacity}`;
}

function simulationOf(query: string): Simulation {
  const { scenario, issues } = parseScenario(query);
  if (issues.length > 0) throw new Error(`marks "${query}": ${JSON.stringify(issues)}`);
  return createSimulation(scenario);
}

/** `query` advanced in one-second slices, as the command line runs it. */
function bySeconds(query: string, seconds: number): () => MarkView[] {
  return () => {
    const sim = simulationOf(query);
    for (let s = 1; s <= seconds; s++) sim.advanceTo(s * NS_PER_S);
    return sim.marksSince(0);
  };
}

/** A live change made at the end of the first slice at or past `atS`. */
interface LiveChange {
  readonly atS: number;
  readonly change: (sim: Simulation) => void;
}

/** `query` advanced in uneven slices, making `changes` (in time order) as their times pass. */
function sliced(query: string, seconds: number, changes: readonly LiveChange[]): () => MarkView[] {
  return () => {
    const sim = simulationOf(query);
    const steps = [37, 3, 250, 1, 1000, 9].map((ms) => ms * NS_PER_MS);
    let next = 0;
    for (let t = 0, i = 0; t < seconds * NS_PER_S; i++) {
      t = Math.min(seconds * NS_PER_S, t + (steps[i % steps.length] as number));
      sim.advanceTo(t);
      for (; next < changes.length && t >= (changes[next] as LiveChange).atS * NS_PER_S; next++) {
        (changes[next] as LiveChange).change(sim);
      }
    }
    return sim.marksSince(0);
  };
}

/** Every fault pressed live, and the write rate changed under them. */
const LIVE_CHANGES: readonly LiveChange[] = [
  { atS: 3, change: (sim) => sim.inject({ kind: "stall", durationS: 4 }) },
  { atS: 12, change: (sim) => sim.inject({ kind: "herd", clients: 300 }) },
  { atS: 15, change: (sim) => sim.setLive("writes", 400) },
  { atS: 20, change: (sim) => sim.inject({ kind: "compact" }) },
  { atS: 24, change: (sim) => sim.inject({ kind: "away", watchers: 20, durationS: 3 }) },
  { atS: 28, change: (sim) => sim.inject({ kind: "restart" }) },
  { atS: 35, change: (sim) => sim.setLive("writes", 20) },
  { atS: 40, change: (sim) => sim.inject({ kind: "stall", durationS: 0.5 }) },
];

export const PINNED_RUNS: readonly PinnedRun[] = [
  ...GOLDEN_SCENARIOS.map((g) => ({ name: g.stem, run: bySeconds(g.query, g.seconds) })),
  { name: "default-300s", run: bySeconds("", 300) },
  {
    name: "ring-churn",
    run: bySeconds("writes=400@0,20@20&reads=0&watchers=0&otherWrites=0", 400),
  },
  {
    name: "faults",
    run: bySeconds("stall=10-15&restart=20&herd=200@30&compact=25&away=5@35:10", 40),
  },
  { name: "lag-up-and-down-sliced", run: sliced("lag=2000&stall=4-6&writes=300", 20, []) },
  { name: "live-faults-sliced", run: sliced("", 60, LIVE_CHANGES) },
];

export type PinnedMarks = Record<string, string[]>;

export const runPinned = (run: PinnedRun): string[] => run.run().map(markLine);

/** The committed marks (test/core/marks-pinned.json), or null when never generated. */
export const readPinned = (path: string): PinnedMarks | null =>
  existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as PinnedMarks) : null;

/** One run per line group, so that a rewritten file's git diff names the marks that moved. */
export function writePinned(path: string, marks: PinnedMarks): void {
  const runs = Object.entries(marks).map(
    ([name, lines]) =>
      `  ${JSON.stringify(name)}: [\n${lines.map((l) => `    ${JSON.stringify(l)}`).join(",\n")}\n  ]`,
  );
  writeFileSync(path, `{\n${runs.join(",\n")}\n}\n`);
}
