import * as v from "valibot";
import {
  Attr,
  Bool,
  Count,
  Id,
  IndexName,
  Int,
  Key,
  Message,
  Name,
  Rv,
  Selector,
  Token,
} from "./values.ts";

// The vectors' shared types (docs/conformance.md): object types shared by several kinds. Objects are strict: every field required,
// no other field.

export const FeatureGates = v.strictObject({
  ListFromCacheSnapshot: Bool,
  ConsistentListFromCacheSkipTimeoutFallback: Bool,
  WatchList: Bool,
});

export const Labels = v.record(v.pipe(Attr, v.minLength(1)), Attr);

export const PodSpec = v.strictObject({
  namespace: Name,
  name: Name,
  rv: Int,
  nodeName: Name,
  labels: Labels,
});

export const Indexer = v.strictObject({
  name: IndexName,
  source: v.picklist(["label", "field"]),
  key: Attr,
});

export const RvMatch = v.picklist(["", "Exact", "NotOlderThan"]);

export const ListOptions = v.strictObject({
  resourceVersion: Rv,
  resourceVersionMatch: RvMatch,
  recursive: Bool,
  limit: Int,
  continue: Token,
  labelSelector: Selector,
  fieldSelector: Selector,
  indexLabels: v.array(Attr),
  indexFields: v.array(Attr),
});

export const WatchOptions = v.strictObject({
  resourceVersion: Rv,
  recursive: Bool,
  sendInitialEvents: v.nullable(Bool),
  allowWatchBookmarks: Bool,
});

export const GetOptions = v.strictObject({ resourceVersion: Rv, ignoreNotFound: Bool });

export const StorageMock = v.strictObject({
  initialObjects: v.array(PodSpec),
  initialListRV: Int,
  currentRV: Int,
  listRV: Int,
  listEchoesExactRV: Bool,
  listError: v.nullable(Message),
  getError: v.nullable(Message),
});

export const StatusCause = v.strictObject({
  type: v.picklist(["ResourceVersionTooLarge"]),
  message: Message,
});

export const ErrorExpectation = v.strictObject({
  type: v.picklist(["StatusError", "PlainError"]),
  code: v.nullable(Int),
  reason: v.nullable(
    v.picklist(["Timeout", "TooManyRequests", "Expired", "BadRequest", "InternalError"]),
  ),
  message: v.nullable(Message),
  retryAfterSeconds: v.nullable(Int),
  causes: v.nullable(v.array(StatusCause)),
});
export type ErrorExpectation = v.InferOutput<typeof ErrorExpectation>;

export const RVRange = v.strictObject({ min: Int, max: v.nullable(Int) });
export const CountRange = v.strictObject({ min: Count, max: v.nullable(Count) });
export type Range = v.InferOutput<typeof RVRange>;

export const ListRequest = v.strictObject({
  id: Id,
  recursive: Bool,
  resourceVersion: Rv,
  resourceVersionMatch: RvMatch,
  limit: Int,
  continue: Token,
});

export const HistoryEvent = v.strictObject({
  type: v.picklist(["ADDED", "MODIFIED", "DELETED"]),
  key: Key,
  rv: Int,
  prevRV: v.nullable(Int),
});

export const WatchEvent = v.strictObject({
  type: v.picklist(["ADDED", "MODIFIED", "DELETED", "BOOKMARK", "ERROR"]),
  namespace: v.nullable(Name),
  name: v.nullable(Name),
  rv: v.nullable(Int),
  status: v.nullable(ErrorExpectation),
});

export const Bucket = v.strictObject({ leNs: v.nullable(Int), count: Count });

export const Histogram = v.strictObject({
  name: v.picklist(["apiserver_watch_cache_read_wait_seconds"]),
  group: Name,
  resource: Name,
  present: Bool,
  count: Count,
  sumNs: Int,
  buckets: v.array(Bucket),
});

export const CounterSeries = v.strictObject({
  group: Name,
  resource: Name,
  success: v.picklist(["true", "false"]),
  fallback: v.picklist(["false", "true", "skipped"]),
  value: Count,
});

export const InvalidationProbe = v.strictObject({ beforeEvent: Count, message: Message });
