import * as v from "valibot";
import { calculateRetryAfterForUnreadyCache } from "../../sim/apiserver/retry-after.ts";
import { pureKind } from "../harness/pure.ts";
import { Count, Int } from "../schema/values.ts";

// Kind `retryAfterUnreadyCache` (upstream TestCalculateRetryAfterForUnreadyCache).

export const retryAfterUnreadyCacheKind = pureKind(
  v.strictObject({ downtimeNs: Count }),
  v.strictObject({ retryAfterSeconds: Int }),
  (input) => ({ retryAfterSeconds: calculateRetryAfterForUnreadyCache(input.downtimeNs) }),
);
