import { accept, type Decoded, refuse } from "./decoded.ts";
import {
  formatNumber,
  formatSeconds,
  type NumberRange,
  parseSeconds,
  rangeText,
  readNumber,
  secondsProblem,
} from "./numeric-text.ts";
import type { Schedule, SchedulePoint } from "./schedule.ts";

/** `200` or `2000@0,10@120`: value V from second T on, T ascending from 0; values in `unit`. */
export function readSchedule(text: string, range: NumberRange, unit: string): Decoded<Schedule> {
  if (!text.includes("@")) {
    const value = readNumber(text, range);
    return value === undefined ? refuse() : accept([{ atNs: 0, value }]);
  }
  const points: SchedulePoint[] = [];
  for (const item of text.split(",")) {
    const parts = item.split("@");
    if (parts.length !== 2) return refuse(`"${item}" is not a point V@T`);
    const [valueText = "", atText = ""] = parts;
    const value = readNumber(valueText, range);
    if (value === undefined) {
      return refuse(`in "${item}", the value "${valueText}" is not ${rangeText(range, unit)}`);
    }
    const atNs = parseSeconds(atText);
    if (atNs === undefined) return refuse(`in "${item}", ${secondsProblem(atText)}`);
    const previous = points.at(-1);
    if (previous === undefined && atNs !== 0) {
      return refuse(`the first point "${item}" must be at second 0`);
    }
    if (previous !== undefined && atNs <= previous.atNs) {
      return refuse(`in "${item}", the time ${atText} is not after the point before it`);
    }
    points.push({ atNs, value });
  }
  return accept(points);
}

/** A schedule with only its point at 0 is written as a plain number. */
export function formatSchedule(schedule: Schedule): string {
  const [first, ...later] = schedule;
  if (first !== undefined && later.length === 0) return formatNumber(first.value);
  return schedule.map((p) => `${formatNumber(p.value)}@${formatSeconds(p.atNs)}`).join(",");
}
