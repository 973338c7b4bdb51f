import { prepareContinueToken } from "../storage/continue-token.ts";
import type { ListOptions, StorageListResult } from "../storage/interfaces.ts";
import { type Pod, podKey } from "../storage/pod.ts";
import type { CacheList } from "./list-from-cache.ts";
import { isEverything, matches, parseSelector, type Selectors } from "./selectors.ts";
import { computeListLimit } from "./watch-rv.ts";

// The page the cacher answers with, from the watch cache's list: selector filtering, the limit,
// and a continue token at the response RV.
// upstream: cacher.go GetList (after WaitUntilFreshAndGetList), storage PrepareContinueToken

const EVERYTHING: Selectors = { labels: [], fields: [] };

/** The page, and how many objects the watch cache listed for it (the list-cache metrics). */
export interface CacherPage extends StorageListResult {
  /** upstream: cacher.go GetList RecordListCacheMetrics(…, len(resp.Items), …): the whole list. */
  readonly fetched: number;
  /** The objects the cacher walked to fill the page (what its filtering costs, list-costs.ts). */
  readonly walked: number;
}

export function cacherPage(
  list: CacheList,
  listKey: string,
  opts: ListOptions,
  resourcePrefix: string,
): CacherPage {
  const limit = computeListLimit(opts.limit, opts.resourceVersion);
  const selectors: Selectors =
    opts.labelSelector === "" && opts.fieldSelector === ""
      ? EVERYTHING
      : { labels: parseSelector(opts.labelSelector), fields: parseSelector(opts.fieldSelector) };
  if (isEverything(selectors)) return new UnfilteredPage(list, listKey, limit, resourcePrefix);
  // With a selector the matches must be found one by one, as upstream does.
  const selected: Pod[] = [];
  let hasMore = false;
  let walked = 0;
  for (const pod of list.items()) {
    if (limit > 0 && selected.length >= limit) {
      hasMore = true;
      break;
    }
    walked++;
    if (matches(pod, selectors)) selected.push(pod);
  }
  const last = selected[selected.length - 1];
  const token =
    hasMore && last !== undefined
      ? prepareContinueToken(podKey(resourcePrefix, last), listKey, list.rv)
      : "";
  return {
    rv: list.rv,
    count: selected.length,
    continue: token,
    remainingItemCount: null,
    items: (max) => (max === undefined ? selected : selected.slice(0, max)),
    fetched: list.count,
    walked,
  };
}

// Every item matches: the page size is known without reading the items, which stay lazy (most
// pages are never read). Only the page is built, never the rest of the range. What follows from
// the list and the page size is read from them, not stored: one page per LIST.
class UnfilteredPage implements CacherPage {
  readonly count: number;
  private readonly list: CacheList;
  private readonly listKey: string;
  private readonly resourcePrefix: string;
  private materialised: Pod[] | null = null;
  private token: string | null = null;

  constructor(list: CacheList, listKey: string, limit: number, resourcePrefix: string) {
    this.list = list;
    this.listKey = listKey;
    this.resourcePrefix = resourcePrefix;
    const total = list.count;
    this.count = limit > 0 && total > limit ? limit : total;
  }

  get rv(): number {
    return this.list.rv;
  }

  get remainingItemCount(): number | null {
    return this.hasMore ? this.list.count - this.count : null;
  }

  /** The whole list the watch cache walked, not only the page. */
  get fetched(): number {
    return this.list.count;
  }

  /** Every item matches: the walk stops at the page's last item. */
  get walked(): number {
    return this.count;
  }

  private get hasMore(): boolean {
    return this.count < this.list.count;
  }

  items(max?: number): Pod[] {
    this.materialised ??= this.hasMore ? this.list.items(this.count) : this.list.items();
    return max === undefined ? this.materialised : this.materialised.slice(0, max);
  }

  /** Built once, while the list still reads the state it was made at. */
  get continue(): string {
    if (this.token === null) {
      const key = this.hasMore ? (this.list.keyAt?.(this.count - 1) ?? this.lastKeyOfItems()) : "";
      this.token =
        key === undefined || key === "" ? "" : prepareContinueToken(key, this.listKey, this.rv);
    }
    return this.token;
  }

  private lastKeyOfItems(): string | undefined {
    const last = this.items()[this.count - 1];
    return last === undefined ? undefined : podKey(this.resourcePrefix, last);
  }
}
