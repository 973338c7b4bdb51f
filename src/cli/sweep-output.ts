import { type Dimension, dimensionName, valueText } from "../sweep/dimension.ts";
import { type FigureUnit, SWEEP_FIGURES } from "../sweep/figures.ts";
import type { SweepOutput } from "../sweep/flags.ts";
import type { PointResult } from "../sweep/point.ts";
import type { PointValues } from "../sweep/points.ts";
import { spread } from "../sweep/spread.ts";

// A sweep's rows as text: an aligned table for a reader, CSV for a spreadsheet, JSON lines for a
// script. With several seeds each figure becomes its min, median and max over them. Only the
// point's values and figures enter the text, never a time or a thread: the output is the same
// whatever --jobs.

export interface SweptPoint {
  readonly values: PointValues;
  /** The first seed's scenario text: the point as a link's fragment. */
  readonly link: string;
  /** One per seed, in seed order. */
  readonly runs: readonly { seed: number; result: PointResult }[];
}

/** A CSV cell, quoted when it holds a comma or a quote (a schedule's name does). */
const csvCell = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

function tableNumber(value: number | null, unit: FigureUnit): string {
  if (value === null) return "-";
  if (unit === "s") return value.toFixed(3);
  if (unit === "share") return value.toFixed(4);
  if (unit === "/s" || unit === "slot-s") return value.toFixed(2);
  return valueText(value);
}

const csvNumber = (value: number | null) => (value === null ? "" : String(value));

/**
 * The figures shown: those asked for, in their order; by default every figure with data at some
 * point (a read kind never sent has none).
 */
function shownFigures(points: readonly SweptPoint[], asked: readonly string[] | null) {
  const all = SWEEP_FIGURES.map((figure, index) => ({ figure, index }));
  if (asked !== null) return asked.flatMap((id) => all.filter(({ figure }) => figure.id === id));
  return all.filter(({ index }) =>
    points.some((point) => point.runs.some((run) => run.result.figures[index] !== null)),
  );
}

export function sweepText(
  dimensions: readonly Dimension[],
  points: readonly SweptPoint[],
  output: SweepOutput,
  asked: readonly string[] | null = null,
): string {
  const figures = shownFigures(points, asked);
  const seeded = (points[0]?.runs.length ?? 1) > 1;
  const cells = (point: SweptPoint, format: (v: number | null, unit: FigureUnit) => string) =>
    figures.flatMap(({ figure, index }) => {
      const values = point.runs.map((run) => run.result.figures[index] ?? null);
      if (!seeded) return [format(values[0] ?? null, figure.unit)];
      const s = spread(values);
      return [s?.min ?? null, s?.median ?? null, s?.max ?? null].map((v) => format(v, figure.unit));
    });
  const figureHeads = figures.flatMap(({ figure }) =>
    seeded ? ["min", "median", "max"].map((s) => `${figure.id}_${s}`) : [figure.id],
  );
  const head = [...dimensions.map(dimensionName), ...figureHeads];
  const rowOf = (point: SweptPoint, format: (v: number | null, unit: FigureUnit) => string) => [
    ...point.values.map(valueText),
    ...cells(point, format),
  ];
  if (output === "jsonl")
    return points.map((point) => jsonLine(dimensions, point, figures)).join("");
  if (output === "csv") {
    const lines = [head, ...points.map((point) => rowOf(point, csvNumber))];
    return lines.map((line) => `${line.map(csvCell).join(",")}\n`).join("");
  }
  const rows = [head, ...points.map((point) => rowOf(point, tableNumber))];
  const widths = head.map((_, i) => Math.max(...rows.map((r) => (r[i] as string).length)));
  return rows
    .map((r) => `${r.map((cell, i) => cell.padStart(widths[i] as number)).join("  ")}\n`)
    .join("");
}

function jsonLine(
  dimensions: readonly Dimension[],
  point: SweptPoint,
  figures: ReturnType<typeof shownFigures>,
): string {
  const seeded = point.runs.length > 1;
  const values = Object.fromEntries(dimensions.map((d, i) => [dimensionName(d), point.values[i]]));
  const named = Object.fromEntries(
    figures.map(({ figure, index }) => {
      const each = point.runs.map((run) => run.result.figures[index] ?? null);
      return [figure.id, seeded ? spread(each) : (each[0] ?? null)];
    }),
  );
  const runs = point.runs.map((run) => ({ seed: run.seed, traceHash: run.result.traceHash }));
  return `${JSON.stringify({ ...values, link: point.link, figures: named, runs })}\n`;
}
