import type { ApiError } from "./errors.ts";
import type { Pod } from "./pod.ts";
import type { RequestContext } from "./request-context.ts";

// What the apiserver needs from etcd (upstream: storage/interfaces.go storage.Interface, reduced
// to the calls the watch cache and the delegator make). Calls answer through callbacks because
// etcd takes simulated time; nothing in the model blocks.

export type ResourceVersionMatch = "" | "Exact" | "NotOlderThan";

/** A LIST's options as the storage layer receives them (upstream: storage.ListOptions). */
export interface ListOptions {
  /** "" unset, "0" any, else a decimal RV. */
  readonly resourceVersion: string;
  readonly resourceVersionMatch: ResourceVersionMatch;
  readonly recursive: boolean;
  /** 0 means no limit. */
  readonly limit: number;
  /** "" means none. */
  readonly continue: string;
  readonly labelSelector: string;
  readonly fieldSelector: string;
  /** Label keys and field paths the request may use an index for. */
  readonly indexLabels: readonly string[];
  readonly indexFields: readonly string[];
}

export interface GetOptions {
  readonly resourceVersion: string;
  readonly ignoreNotFound: boolean;
}

/**
 * A list whose items are produced on demand: `count` is cheap, `items()` materialises. Call
 * `items()` before the model processes another event (the view reads live state).
 */
export interface LazyList {
  readonly rv: number;
  readonly count: number;
  /** The first `max` items in order (all of them when absent). */
  items(max?: number): Pod[];
  /**
   * The storage key of item `i`, where it is known without building the items (a page's
   * continue token needs only its last key: a long walk of pages copies no objects).
   */
  keyAt?(i: number): string | undefined;
}

export interface StorageListResult extends LazyList {
  /** The continue token of the page; "" when the list is complete. */
  readonly continue: string;
  readonly remainingItemCount: number | null;
}

export type Done<T> = (err: ApiError | null, value: T | null) => void;

export interface Storage {
  getList(key: string, opts: ListOptions, ctx: RequestContext, done: Done<StorageListResult>): void;
  get(
    key: string,
    opts: GetOptions,
    ctx: RequestContext,
    done: Done<{ pod: Pod | null; rv: number }>,
  ): void;
  /** A quorum read of etcd's current revision (upstream: GetCurrentResourceVersion). */
  getCurrentResourceVersion(ctx: RequestContext, done: Done<number>): void;
  /** Asks etcd for a progress notification on the cacher's watch stream; answered by a bookmark. */
  requestWatchProgress(): void;
  /** The revision etcd last compacted to (upstream: CompactRevision, read by the compactor). */
  compactRevision(): number;
}
