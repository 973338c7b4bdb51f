// A count as the questions print it, digits grouped by threes ("1,000"), as
// `toLocaleString("en-US")` prints an integer. Not that call: its first use loads ICU's number
// formats, 15–20 ms at every command-line start, since the presets build their questions when
// the command line imports them.

/** `n` (a non-negative integer) with its digits grouped by commas. */
export function countText(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`countText: ${n} is not a count`);
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
