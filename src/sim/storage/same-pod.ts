import type { Pod } from "./pod.ts";

// Whether two pods hold the same values, field by field: how a full chunk of one run is found
// equal to another run's (lib/sealed-chunks.ts), whose pods are other objects with the same values.

/** Whether two pods (or bodies, pods without their rv) hold the same values, field by field
 * (labels by their entries). */
export function samePod(a: Omit<Pod, "rv"> | null, b: Omit<Pod, "rv"> | null): boolean {
  if (a === null || b === null) return a === b;
  return a === b || sameRecord(a, b, sameRecord);
}

type Values = Readonly<Record<string, unknown>>;

/** Same own keys with the same values; an object value is compared by `inner` (one level down). */
function sameRecord(
  a: object,
  b: object,
  inner: ((x: object, y: object) => boolean) | null = null,
): boolean {
  const x = a as Values;
  const y = b as Values;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  return keys.every((key) => {
    const u = x[key];
    const v = y[key];
    if (Object.is(u, v)) return true;
    return (
      inner !== null &&
      typeof u === "object" &&
      typeof v === "object" &&
      u !== null &&
      v !== null &&
      Object.hasOwn(y, key) &&
      inner(u, v)
    );
  });
}
