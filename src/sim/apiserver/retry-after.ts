import { durationSeconds } from "./capacity.ts";

// How long a client is told to wait while the cacher is not ready: grows with the downtime so a
// long outage is not hammered, truncated to whole seconds in [1, 30] (upstream: util.go calculateRetryAfterForUnreadyCache).

const RETRY_AFTER_GROWTH_PER_SECOND = 0.06;
const MAX_RETRY_AFTER_SECONDS = 30;

// upstream: util.go calculateRetryAfterForUnreadyCache
export function calculateRetryAfterForUnreadyCache(downtimeNs: number): number {
  const grown = Math.exp(RETRY_AFTER_GROWTH_PER_SECOND * durationSeconds(downtimeNs));
  return Math.trunc(Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, grown)));
}
