import { format } from "d3";
import { valueText } from "../../sweep/dimension.ts";
import type { FigureUnit, SweepFigure } from "../../sweep/figures.ts";
import { SWEEP_FIGURES } from "../../sweep/figures.ts";
import { spread } from "../../sweep/spread.ts";
import { formatBytes, formatCount } from "../panels/shared/format.ts";
import type { PagePoint } from "./runPageSweep.ts";

// A chart point's figure: the run's own value, or with several seeds their median (the command
// line's `_median` column); and a figure in the words and units a reader expects.

/** A figure's value at a point: undefined while a seed is still to run, null when it has no data. */
export function figureAt(point: PagePoint, index: number): number | null | undefined {
  if (point.runs.some((run) => run === null)) return undefined;
  const values = point.runs.map((run) => run?.figures[index] ?? null);
  if (values.length === 1) return values[0] ?? null;
  return spread(values)?.median ?? null;
}

export const figureIndex = (id: string) => SWEEP_FIGURES.findIndex((f) => f.id === id);

export const figureById = (id: string): SweepFigure | undefined =>
  SWEEP_FIGURES.find((f) => f.id === id);

/** A figure for a reader: counts grouped, seconds as ms below 1 s, bytes in SI, shares in %. */
export function formatFigure(value: number | null | undefined, unit: FigureUnit): string {
  if (value === undefined) return "…";
  if (value === null) return "no data";
  switch (unit) {
    case "count":
      return formatCount(value);
    case "s":
      return Math.abs(value) < 1 ? `${valueText(value * 1000)} ms` : `${value.toFixed(3)} s`;
    case "bytes":
      return formatBytes(value);
    case "share":
      return `${(value * 100).toFixed(2)} %`;
    case "/s":
      return `${value.toFixed(2)}/s`;
    case "slot-s":
      return `${value.toFixed(2)} slot-s`;
  }
}

const compact = format("~s");

/** A figure's unit as a chart's heading names it ("" for a count, or where the label says it). */
export function unitWords(unit: FigureUnit): string {
  return {
    count: "",
    s: "seconds",
    bytes: "bytes",
    share: "%",
    "/s": "per second",
    "slot-s": "",
  }[unit];
}

/** An axis tick: short, without the unit (the heading names it), so it fits a narrow margin. */
export function tickText(value: number, unit: FigureUnit): string {
  if (unit === "share") return `${valueText(Number((value * 100).toPrecision(3)))}`;
  if (unit === "count" || unit === "bytes") return compact(value);
  return valueText(Number(value.toPrecision(3)));
}
