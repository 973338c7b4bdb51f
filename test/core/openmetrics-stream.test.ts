import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamOpenMetrics } from "../../src/cli/openmetrics-stream.ts";
import { type ExportRun, runOpenMetrics } from "../../src/metrics-export/run-export.ts";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import { bundleSim } from "./cli-test-helpers.ts";

// The command line's OpenMetrics in bounded memory: points spooled to a temporary file every 256
// scrapes and read back per series. The text is the one the in-memory export writes; the size is
// said up front; a failure part-way leaves no `# EOF` and no temporary file behind.

const TIMING = { startS: 1_764_579_600, stepS: 1 };
const spool = mkdtempSync(join(tmpdir(), "wcl-om-test-"));
afterAll(() => rmSync(spool, { recursive: true, force: true }));

function runs(query: string, twin?: string): ExportRun[] {
  const scenario = (q: string) => parseScenario(q).scenario;
  const one = (q: string, run?: string): ExportRun => ({
    sim: createSimulation(scenario(q)),
    scenario: scenario(q),
    ...(run === undefined ? {} : { run }),
  });
  return twin === undefined ? [one(query)] : [one(query, "A"), one(twin, "B")];
}

describe("streamOpenMetrics", () => {
  it("writes the very text the in-memory export writes, over several spills (601 scrapes)", () => {
    const expected = runOpenMetrics(runs("lag=3000&herd=300@200"), 600, TIMING);
    const pieces: string[] = [];
    streamOpenMetrics(runs("lag=3000&herd=300@200"), 600, TIMING, {
      write: (text) => pieces.push(text),
      tmpDir: spool,
    });
    expect(pieces.join("")).toBe(expected);
    expect(pieces.length).toBeGreaterThan(10);
    expect(readdirSync(spool)).toEqual([]);
  }, 60_000);

  it("writes a twin's A and B as the in-memory export does", () => {
    const expected = runOpenMetrics(runs("lag=3000", "lag=10"), 300, TIMING);
    let text = "";
    streamOpenMetrics(runs("lag=3000", "lag=10"), 300, TIMING, {
      write: (piece) => {
        text += piece;
      },
      tmpDir: spool,
    });
    expect(text).toBe(expected);
  }, 60_000);

  it("says its size up front, within 10 % of what it writes", () => {
    let estimate = 0;
    let written = 0;
    let wroteBeforeEstimate = false;
    streamOpenMetrics(runs("lag=3000&herd=300@200"), 600, TIMING, {
      write: (text) => {
        wroteBeforeEstimate ||= estimate === 0;
        written += Buffer.byteLength(text);
      },
      onEstimate: (bytes) => {
        estimate = bytes;
      },
      tmpDir: spool,
    });
    expect(wroteBeforeEstimate).toBe(false);
    expect(Math.abs(estimate - written) / written).toBeLessThan(0.1);
  }, 60_000);

  it("on a failure part-way writes no # EOF, throws, and leaves no temporary file", () => {
    let text = "";
    const failing = () =>
      streamOpenMetrics(runs("lag=3000"), 300, TIMING, {
        write: (piece) => {
          if (text.length > 20_000) throw new Error("ENOSPC: no space left on device");
          text += piece;
        },
        tmpDir: spool,
      });
    expect(failing).toThrow("ENOSPC: no space left on device");
    expect(text.length).toBeGreaterThan(20_000);
    expect(text).not.toContain("# EOF");
    expect(readdirSync(spool)).toEqual([]);
  }, 60_000);
});

describe("npm run sim -- --format openmetrics, failing part-way", () => {
  beforeAll(bundleSim);

  it("exits 1 with what failed, and its output has no # EOF", () => {
    const out = spawnSync(
      process.execPath,
      ["dist-cli/sim.mjs", "--duration", "30", "--format", "openmetrics", "--step", "1"],
      { encoding: "utf8", env: { ...process.env, TMPDIR: "/nonexistent-wcl-dir" } },
    );
    expect(out.status).toBe(1);
    expect(out.stderr).toContain("sim: failed part-way: ENOENT");
    expect(out.stderr).toContain("the output is incomplete");
    expect(out.stdout).not.toContain("# EOF");
  });

  it("exits 1 when its reader goes away (a closed pipe), and waits for a slow one", () => {
    const closed = spawnSync(
      "bash",
      [
        "-c",
        'node dist-cli/sim.mjs --duration 300 --format openmetrics --step 1 2>/tmp/wcl-epipe.err | head -c 100 >/dev/null; echo "$PIPESTATUS"; cat /tmp/wcl-epipe.err',
      ],
      { encoding: "utf8" },
    );
    const [status, ...stderr] = closed.stdout.split("\n");
    expect(status).toBe("1");
    expect(stderr.join("\n")).toContain("sim: failed part-way: EPIPE");
    const slow = spawnSync(
      "bash",
      [
        "-c",
        "node dist-cli/sim.mjs --duration 120 --format openmetrics --step 1 | (sleep 1; tail -c 6)",
      ],
      { encoding: "utf8" },
    );
    expect(slow.stdout).toBe("# EOF\n");
  });

  it("says the output's estimated size on stderr before writing it", () => {
    const out = spawnSync(
      process.execPath,
      ["dist-cli/sim.mjs", "--duration", "120", "--format", "openmetrics", "--step", "1"],
      { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
    );
    expect(out.status, out.stderr).toBe(0);
    expect(out.stderr).toMatch(
      /^sim: the OpenMetrics output will be about \d+ (kB|MB) \(a scrape every 1 s for 120 s\)$/m,
    );
    expect(out.stdout.endsWith("# EOF\n")).toBe(true);
  });
});
