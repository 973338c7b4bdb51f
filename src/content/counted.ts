import { numberText } from "./number-text.ts";

// A count with its noun in the right number: "1 request", "2 requests", "1,000 relists". Panels,
// captions and verdicts print counts that are often 1 ("1 requests wait in line" read wrong).

/** `n` grouped by threes, then `one` when n is 1, else `many` (default: `one` + "s"). */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${numberText(n, 0)} ${n === 1 ? one : many}`;
}
