import { execFileSync } from "node:child_process";

// The command line's figures for a run the page also shows: `npm run sim` (dist-cli/sim.mjs,
// bundled once by `node scripts/bundle-cli.mjs sim`) at the end of `--duration`, as Prometheus
// text, and as OpenMetrics scraped every `--step` from a start at the epoch, so a sample's
// timestamp is its simulated second.

export interface CliSample {
  name: string;
  labels: Record<string, string>;
  value: number;
  /** Simulated seconds (OpenMetrics only). */
  tS: number;
}

export function bundleCli(): void {
  execFileSync("node", ["scripts/bundle-cli.mjs", "sim"], { stdio: "ignore" });
}

const LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)(?: (\S+))?$/;
const LABEL = /([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g;

function parseSamples(text: string): CliSample[] {
  const samples: CliSample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = LINE.exec(line);
    if (match === null) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? "").matchAll(LABEL))
      labels[name ?? ""] = value ?? "";
    samples.push({
      name: match[1] ?? "",
      labels,
      value: Number(match[3]),
      tS: match[4] === undefined ? Number.NaN : Number(match[4]),
    });
  }
  return samples;
}

const sim = (args: string[]) =>
  execFileSync("node", ["dist-cli/sim.mjs", ...args], { encoding: "utf8", maxBuffer: 1 << 28 });

/** The Prometheus text at the end of `durationS`: every sample, with its run label in a twin. */
export function cliEnd(query: string, durationS: number): CliSample[] {
  return parseSamples(sim(["--scenario", query, "--duration", String(durationS)]));
}

/** The OpenMetrics export: every series scraped every `stepS` seconds from 0 to `durationS`. */
export function cliScrapes(query: string, durationS: number, stepS: number): CliSample[] {
  return parseSamples(
    sim([
      "--scenario",
      query,
      "--duration",
      String(durationS),
      "--format",
      "openmetrics",
      "--step",
      String(stepS),
      "--start",
      "1970-01-01T00:00:00Z",
    ]),
  );
}
