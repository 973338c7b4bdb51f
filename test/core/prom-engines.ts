import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

// The two real PromQL engines the lab's windowed figures are checked against, over OpenMetrics
// files: Prometheus 3.16's `promql` engine (prom-oracle/, built by scripts/ensure-prom-oracle.mjs)
// and Debian's Prometheus 2.42 (the files backfilled with its promtool, served on loopback).

export const PROMTOOL = "/usr/bin/promtool";
export const PROMETHEUS = "/usr/bin/prometheus";
export const PROM_ORACLE = "prom-oracle/bin/prom-oracle";

/** What an engine answered: the result's values, none for an empty result. */
export type Answer = readonly number[] | "none";

export interface Query {
  /** Unix seconds. */
  readonly atS: number;
  readonly expression: string;
}

function parseAnswer(line: string, query: Query): Answer {
  if (line === "none") return "none";
  if (line.startsWith("error")) throw new Error(`${query.expression}: ${line}`);
  return line.split(" ").map(Number);
}

/** Prometheus 3.16's answers to `queries` over `files`, in order. */
export function askPrometheus3(files: readonly string[], queries: readonly Query[]): Answer[] {
  const input = queries.map((q) => `${q.atS}\t${q.expression}`).join("\n");
  const out = spawnSync(PROM_ORACLE, files, {
    input: `${input}\n`,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (out.status !== 0) throw new Error(`prom-oracle failed: ${out.stderr}`);
  const lines = out.stdout.trimEnd().split("\n");
  return queries.map((query, i) => parseAnswer(lines[i] ?? "error: no answer", query));
}

export interface Prometheus2 {
  ask(queries: readonly Query[]): Promise<Answer[]>;
  stop(): void;
}

/** Backfills `files` into a TSDB under `dir` and serves it with Debian's 2.42 on `port`. */
export async function startPrometheus2(
  files: readonly string[],
  dir: string,
  port: number,
): Promise<Prometheus2> {
  const tsdb = join(dir, "tsdb");
  for (const file of files) {
    const out = spawnSync(PROMTOOL, ["tsdb", "create-blocks-from", "openmetrics", file, tsdb], {
      encoding: "utf8",
    });
    if (out.status !== 0) throw new Error(`promtool refused ${file}: ${out.stderr}`);
  }
  mkdirSync(join(tsdb, "wal"), { recursive: true });
  const server: ChildProcess = spawn(
    PROMETHEUS,
    [
      `--storage.tsdb.path=${tsdb}`,
      `--web.listen-address=127.0.0.1:${port}`,
      "--config.file=/dev/null",
      "--storage.tsdb.retention.time=100y",
    ],
    { stdio: "ignore" },
  );
  const origin = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`${origin}/-/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    if (tries > 120) {
      server.kill();
      throw new Error(`Prometheus 2.42 did not get ready on ${origin}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const askOne = async (query: Query): Promise<Answer> => {
    const body = new URLSearchParams({ query: query.expression, time: String(query.atS) });
    const answer = await (await fetch(`${origin}/api/v1/query`, { method: "POST", body })).json();
    if (answer.status !== "success") throw new Error(`${query.expression}: ${answer.error}`);
    const result = answer.data.result as {
      metric: Record<string, string>;
      value: [number, string];
    }[];
    if (result.length === 0) return "none";
    const key = (metric: Record<string, string>) =>
      Object.entries(metric)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => `${k}=${v}`)
        .join(",");
    return [...result]
      .sort((a, b) => (key(a.metric) < key(b.metric) ? -1 : 1))
      .map((sample) => Number(sample.value[1]));
  };
  return {
    async ask(queries) {
      const answers: Answer[] = new Array(queries.length);
      let next = 0;
      const worker = async () => {
        while (next < queries.length) {
          const i = next++;
          answers[i] = await askOne(queries[i] as Query);
        }
      };
      await Promise.all(Array.from({ length: 4 }, worker));
      return answers;
    },
    stop: () => server.kill(),
  };
}
