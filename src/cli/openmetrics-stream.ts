import {
  childRowsText,
  familyHead,
  OPENMETRICS_EOF,
  type Timing,
} from "../metrics-export/openmetrics.ts";
import { createScrapedReplay, type ExportRun } from "../metrics-export/run-export.ts";
import type { SampledChild } from "../metrics-export/sampler.ts";
import { type Nanos, NS_PER_S } from "../model/index.ts";

// The command line's OpenMetrics, in bounded memory. OpenMetrics wants each series' points
// together, so nothing can be written until the run ends; a 24 h run scraped every second held
// 530 MB at 30 % this way. Instead the points are spooled: every BLOCK_SCRAPES scrapes, each
// series' new points go to a temporary file as one segment of doubles and leave memory; at the
// end each series' segments are read back in order and written as text. `# EOF` is written only
// when all of it was, so a run that fails part-way never leaves a file that looks complete.

/** Scrapes held in memory between two spills: a few MB for the lab's few hundred series. */
const BLOCK_SCRAPES = 256;
/** Scrapes the size estimate is taken from (fewer if the run has fewer). */
const ESTIMATE_SCRAPES = 10;

export interface StreamIo {
  /** The run's text, in order. */
  write(text: string): void;
  /** Simulated time reached, as the run advances. */
  onAdvanced?(tNs: Nanos): void;
  /** Said once, after the first scrapes: the file's estimated size in bytes. */
  onEstimate?(bytes: number): void;
  /** Bytes written so far, while the text is written. */
  onWritten?(bytes: number): void;
  /** Where the temporary file goes (default: the system's). */
  readonly tmpDir?: string;
}

// The command line's bundle runs in one function and may import nothing (scripts/bundle-cli.mjs):
// Node's own modules are asked of the process instead.
const fs = () => process.getBuiltinModule("node:fs");

type Segment = { readonly position: number; readonly first: number; readonly count: number };

export function streamOpenMetrics(
  runs: readonly ExportRun[],
  durationS: number,
  timing: Timing,
  io: StreamIo,
): void {
  const replay = createScrapedReplay(runs, timing.stepS);
  const { closeSync, mkdtempSync, openSync, rmSync } = fs();
  const base = io.tmpDir ?? process.getBuiltinModule("node:os").tmpdir();
  const dir = mkdtempSync(`${base}/wcl-openmetrics-`);
  const fd = openSync(`${dir}/points.f64`, "w+");
  try {
    const segments = new Map<SampledChild, Segment[]>();
    let position = 0;
    const spill = () => {
      for (const family of replay.families()) {
        for (const child of family.children) {
          const count = child.rows.length;
          if (count === 0) continue;
          const width = child.lines.length;
          const values = new Float64Array(count * width);
          child.rows.forEach((row, i) => {
            values.set(row, i * width);
          });
          writeAll(fd, new Uint8Array(values.buffer), position);
          const list = segments.get(child) ?? [];
          list.push({ position, first: child.first, count });
          segments.set(child, list);
          position += values.byteLength;
        }
      }
      replay.drain();
    };
    const totalScrapes = Math.floor(durationS / timing.stepS) + 1;
    let estimated = false;
    replay.advanceTo(Math.round(durationS * NS_PER_S), (tNs) => {
      io.onAdvanced?.(tNs);
      if (!estimated && replay.scrapes >= Math.min(ESTIMATE_SCRAPES, totalScrapes)) {
        estimated = true;
        io.onEstimate?.(estimateBytes(replay.families(), totalScrapes, timing));
      }
      if (replay.scrapes % BLOCK_SCRAPES === 0) spill();
    });
    spill();
    let written = 0;
    const write = (text: string) => {
      io.write(text);
      written += Buffer.byteLength(text);
      io.onWritten?.(written);
    };
    for (const family of replay.families()) {
      write(familyHead(family));
      for (const child of family.children) {
        for (const segment of segments.get(child) ?? []) {
          const rows = readRows(fd, segment, child.lines.length);
          write(childRowsText(family.name, child.lines, segment.first, rows, timing));
        }
      }
    }
    write(OPENMETRICS_EOF);
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
}

function writeAll(fd: number, bytes: Uint8Array, position: number): void {
  for (let done = 0; done < bytes.byteLength; ) {
    done += fs().writeSync(fd, bytes, done, bytes.byteLength - done, position + done);
  }
}

function readRows(fd: number, segment: Segment, width: number): number[][] {
  const values = new Float64Array(segment.count * width);
  const bytes = new Uint8Array(values.buffer);
  for (let done = 0; done < bytes.byteLength; ) {
    const read = fs().readSync(fd, bytes, done, bytes.byteLength - done, segment.position + done);
    if (read === 0) throw new Error("the temporary file of points ended early");
    done += read;
  }
  const rows: number[][] = [];
  for (let i = 0; i < segment.count; i++)
    rows.push([...values.subarray(i * width, (i + 1) * width)]);
  return rows;
}

/** The file's size if every later scrape writes as much as the newest one did. */
function estimateBytes(
  families: ReturnType<ReturnType<typeof createScrapedReplay>["families"]>,
  totalScrapes: number,
  timing: Timing,
): number {
  let heads = 0;
  let perScrape = 0;
  for (const family of families) {
    heads += Buffer.byteLength(familyHead(family));
    for (const child of family.children) {
      const last = child.rows.at(-1);
      if (last === undefined) continue;
      const at = child.first + child.rows.length - 1;
      perScrape += Buffer.byteLength(childRowsText(family.name, child.lines, at, [last], timing));
    }
  }
  return heads + perScrape * totalScrapes + OPENMETRICS_EOF.length;
}
