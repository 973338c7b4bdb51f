import type { OutcomeView, SimSnapshot } from "../../model/index.ts";
import { toSeconds } from "../../model/index.ts";

// The request history the page has seen: each snapshot lists the most recent outcomes, and the log
// keeps every one not seen before, up to a bound. A busy run ends more requests per frame than a
// snapshot lists, so the log is a sample of the run, and says so.

export const REQUEST_LOG_LIMIT = 5000;

export interface RequestRecord {
  id: number;
  kind: string;
  outcome: string;
  code: number;
  endedAtS: number;
  waitedS: number;
  message: string;
}

const recordOf = (outcome: OutcomeView): RequestRecord => ({
  id: outcome.id,
  kind: outcome.kind,
  outcome: outcome.outcome,
  code: outcome.code,
  endedAtS: toSeconds(outcome.atNs),
  waitedS: toSeconds(outcome.waitedNs),
  message: outcome.message,
});

export interface RequestLog {
  /** Takes in a snapshot's recent outcomes; a clock that went back (a new run) starts over. */
  add(snapshot: SimSnapshot): void;
  records(): readonly RequestRecord[];
}

export function createRequestLog(limit = REQUEST_LOG_LIMIT): RequestLog {
  let records: RequestRecord[] = [];
  // A retried request ends more than once under one id: the key is the id and the moment.
  let keys: string[] = [];
  const seen = new Set<string>();
  let lastNs = 0;
  return {
    add(snapshot) {
      if (snapshot.nowNs < lastNs) {
        records = [];
        keys = [];
        seen.clear();
      }
      lastNs = snapshot.nowNs;
      for (const outcome of snapshot.recentOutcomes) {
        const key = `${outcome.id}@${outcome.atNs}`;
        if (seen.has(key)) continue;
        seen.add(key);
        keys.push(key);
        records.push(recordOf(outcome));
      }
      // Trimmed in batches: dropping a few records per frame would copy thousands every frame.
      const excess = records.length - limit;
      if (excess > limit / 5) {
        records = records.slice(excess);
        for (const dropped of keys.splice(0, excess)) seen.delete(dropped);
      }
    },
    records: () => (records.length > limit ? records.slice(-limit) : records),
  };
}

export function requestHistoryJson(scenario: string, nowNs: number, log: RequestLog): string {
  const document = {
    scenario,
    atS: toSeconds(nowNs),
    note: `requests as the page saw them: the most recent of each frame, at most ${REQUEST_LOG_LIMIT}`,
    requests: log.records(),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
