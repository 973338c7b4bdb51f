// A sweep as its user wrote it, before it is read into a plan (sweep/spec.ts): the command line's
// flags (cli/args.ts) or the page's `sweep` key and Sweep dialog (ui/sweep/), in the same words, so
// both are refused with the same messages.

/** `--sweep` may be given twice (a grid); the other sweep flags once each. */
export interface SweepTexts {
  readonly sweeps: readonly string[];
  /** --format was given (a sweep refuses it: its output is --output). */
  readonly formatGiven: boolean;
  readonly points?: string;
  readonly seeds?: string;
  readonly output?: string;
  readonly jobs?: string;
  readonly find?: string;
  readonly precision?: string;
  readonly figures?: string;
}
