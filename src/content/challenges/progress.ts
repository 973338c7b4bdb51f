// What the learner has done, kept in the browser (localStorage): the challenges solved, with the
// scenario that solved them, and how many hints each has shown. Pure functions over a Storage, so
// the tests give them a fake one; a missing, full or unreadable storage loses nothing but progress.

export interface SolvedEntry {
  /** Simulated second at which the check held. */
  atS: number;
  /** The scenario text that solved it: the link "Share solution" writes. */
  query: string;
}

export interface ChallengeProgress {
  solved: Readonly<Record<string, SolvedEntry>>;
  /** Challenge id → hints shown (the first n of its list). */
  hints: Readonly<Record<string, number>>;
}

export const NO_PROGRESS: ChallengeProgress = { solved: {}, hints: {} };

export const PROGRESS_KEY = "watch-cache-lab.challenges.v1";

type Reader = Pick<Storage, "getItem">;
type Writer = Pick<Storage, "setItem">;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Progress as stored, keeping only well-formed entries; nothing stored (or garbage) is none. */
export function loadProgress(storage: Reader | null): ChallengeProgress {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage?.getItem(PROGRESS_KEY) ?? "null");
  } catch {
    return NO_PROGRESS;
  }
  if (!isRecord(parsed)) return NO_PROGRESS;
  const solved: Record<string, SolvedEntry> = {};
  const hints: Record<string, number> = {};
  if (isRecord(parsed["solved"])) {
    for (const [id, entry] of Object.entries(parsed["solved"])) {
      if (isRecord(entry) && typeof entry["atS"] === "number" && typeof entry["query"] === "string")
        solved[id] = { atS: entry["atS"], query: entry["query"] };
    }
  }
  if (isRecord(parsed["hints"])) {
    for (const [id, shown] of Object.entries(parsed["hints"])) {
      if (Number.isInteger(shown) && (shown as number) > 0) hints[id] = shown as number;
    }
  }
  return { solved, hints };
}

/** Stores the progress; false when the browser refused (private mode, quota). */
export function saveProgress(storage: Writer | null, progress: ChallengeProgress): boolean {
  try {
    storage?.setItem(PROGRESS_KEY, JSON.stringify(progress));
    return storage !== null;
  } catch {
    return false;
  }
}

export function withSolved(
  progress: ChallengeProgress,
  id: string,
  entry: SolvedEntry,
): ChallengeProgress {
  return { ...progress, solved: { ...progress.solved, [id]: entry } };
}

/** One more hint shown, never more than the challenge has. */
export function withNextHint(
  progress: ChallengeProgress,
  id: string,
  hintCount: number,
): ChallengeProgress {
  const shown = Math.min(hintCount, (progress.hints[id] ?? 0) + 1);
  return { ...progress, hints: { ...progress.hints, [id]: shown } };
}
