export interface ConsistentReadRow {
  success: string;
  fallback: string;
  count: number;
  meaning: string;
}

// What each label pair means for the client and for etcd (upstream: delegator.go GetList).
const meanings: Record<string, string> = {
  "true/false": "served by the cache",
  "true/true": "hit the wall, etcd answered",
  "false/true": "hit the wall, etcd failed too",
  "false/skipped": "hit the wall, 429 instead of etcd",
  "false/false": "failed without a fallback",
};

const order = Object.keys(meanings);

/** Rows for `consistentReads`, keyed "success/fallback", in a fixed order (happy path first). */
export function consistentReadRows(counts: Record<string, number>): ConsistentReadRow[] {
  const keys = Object.keys(counts).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return keys.map((key) => {
    const [success = key, fallback = ""] = key.split("/");
    return { success, fallback, count: counts[key] ?? 0, meaning: meanings[key] ?? "" };
  });
}

function rank(key: string): number {
  const position = order.indexOf(key);
  return position === -1 ? order.length : position;
}

/** Consistent reads etcd answered after the wall (fallback="true"): the cost an operator watches. */
export function fellBackToEtcd(counts: Record<string, number>): number {
  let fellBack = 0;
  for (const [key, count] of Object.entries(counts)) {
    if (key.endsWith("/true")) fellBack += count;
  }
  return fellBack;
}
