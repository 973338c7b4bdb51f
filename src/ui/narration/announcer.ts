// Says at most one thing per interval of wall time, so a screen reader is not flooded: sentences
// that arrive in between are coalesced into the next announcement. The interval is the reader's
// (wall) time, not simulated time — at 100× a run makes many marks per wall second.

export const ANNOUNCE_EVERY_MS = 2000;
/** Sentences spelled out in one announcement; the rest are counted. */
const SPELLED_OUT = 2;

export interface AnnouncerDeps {
  say: (text: string) => void;
  nowMs: () => number;
  /** Calls back after `ms`; returns a cancel function. */
  later: (callback: () => void, ms: number) => () => void;
}

export interface Announcer {
  add(sentences: readonly string[]): void;
  stop(): void;
}

/** One announcement for several sentences: the first few, then how many more. */
export function coalesce(sentences: readonly string[]): string {
  const spelled = sentences.slice(0, SPELLED_OUT).join(" ");
  const more = sentences.length - SPELLED_OUT;
  return more > 0
    ? `${spelled} And ${more} more notable ${more === 1 ? "event" : "events"}.`
    : spelled;
}

export function createAnnouncer(deps: AnnouncerDeps): Announcer {
  let pending: string[] = [];
  let lastMs = Number.NEGATIVE_INFINITY;
  let cancel: (() => void) | null = null;
  const flush = () => {
    cancel = null;
    if (pending.length === 0) return;
    deps.say(coalesce(pending));
    pending = [];
    lastMs = deps.nowMs();
  };
  return {
    add(sentences) {
      if (sentences.length === 0) return;
      pending.push(...sentences);
      if (cancel !== null) return;
      const waitMs = lastMs + ANNOUNCE_EVERY_MS - deps.nowMs();
      if (waitMs <= 0) flush();
      else cancel = deps.later(flush, waitMs);
    },
    stop() {
      cancel?.();
      cancel = null;
    },
  };
}
