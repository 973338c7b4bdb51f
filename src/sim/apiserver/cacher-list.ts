import { encodeContinue } from "./continue-token.ts";
import type { CacheList } from "./list-from-cache.ts";
import { type Pod, podKey } from "./pod.ts";
import { isEverything, matches, parseSelector, type Selectors } from "./selectors.ts";
import type { ListOptions, StorageListResult } from "./storage.ts";
import { computeListLimit } from "./watch-rv.ts";

// The page the cacher answers with, from the watch cache's list: selector filtering, the limit,
// and a continue token at the response RV (SEMANTICS §3.6 steps 4–6).
// upstream: cacher.go GetList (after WaitUntilFreshAndGetList), storage PrepareContinueToken

/** upstream: PrepareContinueToken: the next page starts just after the last returned key. */
const continueAfter = (lastKey: string, listKey: string, rv: number) =>
  encodeContinue(`${lastKey}\u0000`, listKey, rv);

/** The page, and how many cached objects were looked at to build it (the list-cache metrics). */
export interface CacherPage {
  readonly result: StorageListResult;
  readonly fetched: number;
}

export function cacherPage(
  list: CacheList,
  listKey: string,
  opts: ListOptions,
  resourcePrefix: string,
): CacherPage {
  const limit = computeListLimit(opts.limit, opts.resourceVersion);
  const selectors: Selectors = {
    labels: parseSelector(opts.labelSelector),
    fields: parseSelector(opts.fieldSelector),
  };
  if (isEverything(selectors)) {
    const result = unfilteredPage(list, listKey, limit, resourcePrefix);
    return { result, fetched: result.count };
  }
  // With a selector the matches must be found one by one, as upstream does.
  const selected: Pod[] = [];
  let hasMore = false;
  let fetched = 0;
  for (const pod of list.items()) {
    fetched++;
    if (limit > 0 && selected.length >= limit) {
      hasMore = true;
      break;
    }
    if (matches(pod, selectors)) selected.push(pod);
  }
  const last = selected[selected.length - 1];
  const token =
    hasMore && last !== undefined
      ? continueAfter(podKey(resourcePrefix, last), listKey, list.rv)
      : "";
  const result: StorageListResult = {
    rv: list.rv,
    count: selected.length,
    continue: token,
    remainingItemCount: null,
    items: (max) => (max === undefined ? selected : selected.slice(0, max)),
  };
  return { result, fetched };
}

// Every item matches: the page size is known without reading the items, which stay lazy.
function unfilteredPage(
  list: CacheList,
  listKey: string,
  limit: number,
  resourcePrefix: string,
): StorageListResult {
  const total = list.count;
  const hasMore = limit > 0 && total > limit;
  const count = hasMore ? limit : total;
  let items: Pod[] | null = null;
  // Only the page is built, never the rest of the range.
  const materialise = (): Pod[] => {
    items ??= hasMore ? list.items(count) : list.items();
    return items;
  };
  return {
    rv: list.rv,
    count,
    remainingItemCount: hasMore ? total - limit : null,
    items: (max) => (max === undefined ? materialise() : materialise().slice(0, max)),
    get continue(): string {
      const last = hasMore ? materialise()[count - 1] : undefined;
      return last === undefined
        ? ""
        : continueAfter(podKey(resourcePrefix, last), listKey, list.rv);
    },
  };
}
