import { SCRIPT_CLASSES, type ScriptClass } from "../../sim/script/format.ts";
import type { Difference } from "./compare.ts";

// The differences from the real code that the comparison accepts, as data (allow-list.json):
// each entry names a script class (or "*"), a field (`metric:<family>` for a metric), and why the
// difference comes from the world model's own assumptions rather than from upstream's code.
// Nothing else is explained away; every run prints how many differences each entry accepted.

export interface AllowEntry {
  readonly class: ScriptClass | "*";
  readonly field: string;
  readonly why: string;
}

export interface Sorted {
  readonly rejected: Difference[];
  /** Differences each entry accepted, in the list's order. */
  readonly accepted: number[];
}

export function readAllowList(raw: unknown): AllowEntry[] {
  if (!Array.isArray(raw)) throw new Error("allow-list: a JSON list of {class, field, why}");
  return raw.map((e, i) => {
    const ok =
      typeof e === "object" &&
      e !== null &&
      (e.class === "*" || SCRIPT_CLASSES.includes(e.class)) &&
      typeof e.field === "string" &&
      typeof e.why === "string" &&
      e.why.length >= 20;
    if (!ok)
      throw new Error(
        `allow-list[${i}]: needs class ("*" or a script class), field, and a why of 20 characters or more`,
      );
    return e as AllowEntry;
  });
}

export function sortDifferences(
  diffs: readonly Difference[],
  allow: readonly AllowEntry[],
): Sorted {
  const accepted = allow.map(() => 0);
  const rejected: Difference[] = [];
  for (const d of diffs) {
    const i = allow.findIndex(
      (e) => (e.class === "*" || e.class === d.class) && e.field === d.field,
    );
    if (i < 0) rejected.push(d);
    else accepted[i] = (accepted[i] ?? 0) + 1;
  }
  return { rejected, accepted };
}
