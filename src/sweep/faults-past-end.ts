import { formatSeconds, NS_PER_S, type Scenario } from "../model/index.ts";

// A fault that starts at or after the run's end never happens: the command line and the page's
// sweep, whose runs have an end, refuse it rather than give figures for a run without the fault
// that was asked for. (The page's live run keeps such a fault: it goes on until the reader stops
// it.)

/** Every fault of `scenario` that starts at or after `durationS`, named as the link writes it. */
export function faultsPastEnd(scenario: Scenario, durationS: number): string[] {
  const endNs = Math.round(durationS * NS_PER_S);
  const late = (atNs: number) => atNs >= endNs;
  const s = formatSeconds;
  return [
    ...scenario.herd.filter((h) => late(h.atNs)).map((h) => `herd=${h.clients}@${s(h.atNs)}`),
    ...scenario.away
      .filter((a) => late(a.atNs))
      .map((a) => `away=${a.watchers}@${s(a.atNs)}:${s(a.durationNs)}`),
    ...scenario.stall
      .filter((w) => late(w.startNs))
      .map((w) => `stall=${s(w.startNs)}-${s(w.endNs)}`),
    ...scenario.restart.filter(late).map((t) => `restart=${s(t)}`),
    ...scenario.compact.filter(late).map((t) => `compact=${s(t)}`),
  ].map(
    (fault) =>
      `scenario: ${fault} starts at or after the run's end (--duration ${durationS}): it would never happen; schedule it before ${durationS} s or run longer`,
  );
}
