// A figure over several seeds: its min, median and max over the seeds that have data. The command
// line's rows and the page's chart both summarise a point's seeds so.

export type Spread = { min: number; median: number; max: number } | null;

/** Min, median and max of the values that have data (null when none has). */
export function spread(values: readonly (number | null)[]): Spread {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = known.length / 2;
  const median =
    known.length % 2 === 1
      ? (known[Math.floor(middle)] as number)
      : ((known[middle - 1] as number) + (known[middle] as number)) / 2;
  return { min: known[0] as number, median, max: known[known.length - 1] as number };
}
