import { describe, expect, it, vi } from "vitest";
import { runPoint } from "../../src/sweep/point.ts";
import { readSweep } from "../../src/sweep/spec.ts";
import { runPageSweep } from "../../src/ui/sweep/runPageSweep.ts";
import { DEFAULT_FORM, formOf, textsOf } from "../../src/ui/sweep/sweepForm.ts";
import {
  checkSweepKey,
  readPageSweep,
  readPageSweepInSlices,
  readSweepKey,
  sweepKeyValue,
} from "../../src/ui/sweep/sweepKey.ts";
import type { WorkerCommand, WorkerReply } from "../../src/worker/protocol.ts";
import { sweepPointReply } from "../../src/worker/sweep-point-reply.ts";
import { createSweepPool, type PointWorker, SWEEP_CANCELLED } from "../../src/worker/sweep-pool.ts";

// The page's side of a sweep: its link key and dialog fields read by the command line's reader
// (the same refusals, word for word), and the pool of workers placing each answer by its point,
// whatever order the workers finish in, and stopping on Cancel.

const GATE = "ConsistentListFromCacheSkipTimeoutFallback";

describe("the sweep page key and the dialog's fields", () => {
  it("round-trips a grid with a gate through the key and the fields", () => {
    const form = {
      ...DEFAULT_FORM,
      key2: "jitter",
      range2: "10..50",
      points2: "3",
      gate: GATE,
      seeds: "2",
      figures: ["fallbacks", "answers_429"],
    };
    const written = textsOf(form);
    expect(written.texts.sweeps).toEqual(["lag=2000..4000", "jitter=10..50", `gates=${GATE}`]);
    expect(written.texts.points).toBe("11,3");
    const read = readSweepKey(sweepKeyValue(written));
    expect(read.problems).toEqual([]);
    expect(formOf(read)).toEqual(form);
  });

  it("refuses what the command line refuses, in its words", () => {
    const cases = [
      ["sweep=lag=4000..2000&points=5&duration=60", "lag=4000..2000"],
      ["sweep=nokey=1..2&points=5&duration=60", "nokey=1..2"],
      ["sweep=lag=2000..4000&points=1&duration=60", "lag=2000..4000"],
      ["sweep=lag=0..10000&find=nofigure>0&precision=10&duration=60", "lag=0..10000"],
    ] as const;
    for (const [value, sweep] of cases) {
      const page = readPageSweep(readSweepKey(value), "lag=2500", 2);
      const points = new URLSearchParams(value).get("points");
      const find = new URLSearchParams(value).get("find");
      const cli = readSweep(
        {
          sweeps: [sweep],
          formatGiven: false,
          ...(points === null ? {} : { points }),
          ...(find === null ? {} : { find, precision: "10" }),
        },
        { durationS: 60, cores: 2 },
      );
      expect(cli.problems.length).toBeGreaterThan(0);
      expect(page.sweep).toBeNull();
      expect(page.problems).toEqual(cli.problems);
    }
  });

  it("names an unknown setting and a bad duration; a point the scenario refuses names the point", () => {
    const read = readSweepKey("sweep=lag=1..2&points=2&duration=0&jobs=4");
    expect(read.problems).toEqual([
      'sweep: "jobs" is not a sweep setting; the settings are sweep, points, seeds, find, precision, figures, duration',
    ]);
    expect(readPageSweep(read, "", 2).problems).toContain(
      '--duration "0" is not a number of seconds in 1 … 86400',
    );
    const overRange = readPageSweep(
      readSweepKey("sweep=writes=200@0,99999999@10..20&points=2"),
      "",
      2,
    );
    expect(overRange.problems[0]).toMatch(
      /^at writes=200@0,99999999@10: scenario: writes: "200@0,99999999@10" is not valid/,
    );
    // A fault at or after the runs' end would never happen: refused, as the command line does.
    const late = readPageSweep(readSweepKey("sweep=herd=500@10..100&points=2&duration=60"), "", 2);
    expect(late.problems).toEqual([
      "at herd=500@100: scenario: herd=500@100 starts at or after the run's end (--duration 60): it would never happen; schedule it before 60 s or run longer",
    ]);
  });

  it("checks a grid's points in slices that let the page run, with the answer of one go", async () => {
    // A clock that moves 1 ms each time it is read: the check reads it once a point.
    let nowMs = 0;
    const clock = vi.spyOn(performance, "now").mockImplementation(() => nowMs++);
    const pauses = vi.spyOn(globalThis, "setTimeout");
    try {
      for (const key of [
        "sweep=lag%3D0..5000&sweep=jitter%3D0..500&points=20&duration=60",
        "sweep=herd%3D500%4010..100&sweep=lag%3D0..100&points=20,5&duration=60",
      ]) {
        const written = readSweepKey(key);
        const atOnce = readPageSweep(written, "", 2);
        pauses.mockClear();
        expect(await readPageSweepInSlices(written, "", 2)).toEqual(atOnce);
        // 400 and 100 points, a pause each time the clock passed 8 ms.
        expect(pauses.mock.calls.length).toBeGreaterThanOrEqual(10);
      }
    } finally {
      clock.mockRestore();
      pauses.mockRestore();
    }
  });

  it("drops a bad key from the link with a banner line, and keeps a good one", () => {
    const bad = checkSweepKey({ sweep: "sweep=lag=9..1&points=2", speed: "2" }, "lag=2500", 2);
    expect(bad.pageKeys).toEqual({ speed: "2" });
    expect(bad.issues.map((i) => i.message)).toEqual([
      "sweep: --sweep 'lag=9..1': the range 9..1 runs backwards; write the smaller end first, A < B; the sweep does not run",
    ]);
    const good = { sweep: "sweep=lag=1000..2000&points=2", speed: "2" };
    expect(checkSweepKey(good, "lag=2500", 2)).toEqual({ pageKeys: good, issues: [] });
  });
});

/** Workers in this process that answer in reverse order of the points they were given. */
function reversingWorkers(log: string[]) {
  const held: Array<() => void> = [];
  const spawn = (): PointWorker => {
    const worker: PointWorker = {
      onmessage: null,
      onerror: null,
      postMessage(command: WorkerCommand) {
        if (command.type !== "sweepPoint") throw new Error(command.type);
        log.push(command.job.text);
        const reply = sweepPointReply(command.requestId, command.job);
        held.push(() => worker.onmessage?.({ data: reply } as MessageEvent<WorkerReply>));
      },
      terminate() {
        log.push("terminated");
      },
    };
    return worker;
  };
  const release = () => {
    while (held.length > 0) held.pop()?.();
  };
  return { spawn, release };
}

describe("the Sweep dialog's pool", () => {
  it("places each answer by its point, whatever order the workers answer in", async () => {
    const log: string[] = [];
    const workers = reversingWorkers(log);
    const pool = createSweepPool(2, workers.spawn);
    const read = readPageSweep(readSweepKey("sweep=lag=2000..4000&points=3&duration=5"), "", 2);
    if (read.sweep === null) throw new Error(read.problems.join("\n"));
    const seen: number[] = [];
    const running = runPageSweep(read.sweep, pool, (progress) => seen.push(progress.done));
    // Answers come back last first, a worker's next point given as it answers.
    for (let i = 0; i < 3; i++) {
      await Promise.resolve();
      workers.release();
    }
    const outcome = await running;
    expect(seen).toEqual([1, 2, 3]);
    expect(outcome.points.map((p) => p.values)).toEqual([[2000], [3000], [4000]]);
    for (const point of outcome.points) {
      expect(point.runs[0]).toEqual(runPoint({ text: point.text, durationS: 5 }));
    }
    pool.close();
    expect(log.filter((line) => line === "terminated")).toHaveLength(2);
  });

  it("rejects a batch under way when closed (Cancel)", async () => {
    const workers = reversingWorkers([]);
    const pool = createSweepPool(2, workers.spawn);
    const running = pool.run(
      [
        { text: "lag=1000", durationS: 1 },
        { text: "lag=2000", durationS: 1 },
      ],
      () => {},
    );
    pool.close();
    await expect(running).rejects.toThrow(SWEEP_CANCELLED);
  });
});
