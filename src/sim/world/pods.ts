import type { PodSpec } from "../etcd/kv.ts";

// The pods of a run: `pod-<i>` in one namespace, unscheduled and unlabelled. Every read is a LIST
// of the whole prefix with no selectors, so nothing else about them is observable.

export const POD_PREFIX = "/pods/";
const NAMESPACE = "default";
const NO_LABELS: Readonly<Record<string, string>> = Object.freeze({});

export const podSpec = (index: number): PodSpec => ({
  namespace: NAMESPACE,
  name: `pod-${index}`,
  nodeName: "",
  labels: NO_LABELS,
});
