// How long each run lasts: the command line's --duration and the Sweep dialog's "Duration" read
// alike, with the same refusal.

export const MAX_DURATION_S = 86_400;

/** Simulated seconds 1 … MAX_DURATION_S, or the problem added (and 0 or NaN returned). */
export function readDuration(text: string | undefined, problems: string[]): number {
  if (text === undefined) {
    problems.push(`--duration is required (simulated seconds, 1 … ${MAX_DURATION_S})`);
    return 0;
  }
  const value = /^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= 1 && value <= MAX_DURATION_S)) {
    problems.push(`--duration "${text}" is not a number of seconds in 1 … ${MAX_DURATION_S}`);
  }
  return value;
}
