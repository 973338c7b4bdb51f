import * as v from "valibot";
import {
  computeListLimit,
  getBookmarkAfterResourceVersion,
  getWatchCacheResourceVersion,
} from "../../sim/apiserver/watch-rv.ts";
import { pureKind } from "../harness/pure.ts";
import { parseRvOption } from "../harness/resource-version.ts";
import { Bool, Int, Rv } from "../schema/values.ts";

// Kinds `cacher.getWatchCacheResourceVersion`, `cacher.bookmarkAfterResourceVersion` and
// `cacher.computeListLimit` (upstream TestGetWatchCacheResourceVersion,
// TestGetBookmarkAfterResourceVersionLockedFunc, TestComputeListLimit).

const watchOptions = {
  resourceVersion: Rv,
  allowWatchBookmarks: Bool,
  sendInitialEvents: v.nullable(Bool),
};

export const getWatchCacheResourceVersionKind = pureKind(
  v.strictObject({ ...watchOptions, storageCurrentRV: Int }),
  v.strictObject({ requiredResourceVersion: Int }),
  (input) => {
    const required = getWatchCacheResourceVersion(parseRvOption(input.resourceVersion), input);
    // null asks storage for its current RV, which this case gives.
    return { requiredResourceVersion: required ?? input.storageCurrentRV };
  },
);

export const bookmarkAfterResourceVersionKind = pureKind(
  v.strictObject({ ...watchOptions, requiredResourceVersion: Int, watchCacheResourceVersion: Int }),
  v.strictObject({ bookmarkAfterResourceVersion: Int }),
  (input) => ({
    bookmarkAfterResourceVersion: getBookmarkAfterResourceVersion(
      parseRvOption(input.resourceVersion),
      input.requiredResourceVersion,
      input,
      input.watchCacheResourceVersion,
    ),
  }),
);

export const computeListLimitKind = pureKind(
  v.strictObject({ limit: Int, resourceVersion: Rv }),
  v.strictObject({ limit: Int }),
  (input) => ({ limit: computeListLimit(input.limit, input.resourceVersion) }),
);
