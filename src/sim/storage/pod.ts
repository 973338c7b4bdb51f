// A pod as the model needs it: identity, resource version and the attributes that selectors and
// indexes read. Everything else about a real pod is irrelevant to the watch cache.

export interface Pod {
  readonly namespace: string;
  readonly name: string;
  readonly rv: number;
  /** `spec.nodeName`; "" when unscheduled. */
  readonly nodeName: string;
  readonly labels: Readonly<Record<string, string>>;
}

/** The storage key of a pod under `prefix` (e.g. "/pods/"): prefix + namespace + "/" + name. */
export const podKey = (prefix: string, pod: Pick<Pod, "namespace" | "name">): string =>
  `${prefix}${pod.namespace}/${pod.name}`;

/** Whether two pods have the same body: every field but rv (labels compare by reference, as writes share them). */
export const sameBody = (a: Omit<Pod, "rv">, b: Omit<Pod, "rv">): boolean =>
  a === b ||
  (a.namespace === b.namespace &&
    a.name === b.name &&
    a.nodeName === b.nodeName &&
    a.labels === b.labels);

// upstream: registry/core/pod/strategy.go ToSelectableFields (the subset selectors use here)
export function podField(pod: Pod, path: string): string | undefined {
  switch (path) {
    case "spec.nodeName":
      return pod.nodeName;
    case "metadata.name":
      return pod.name;
    case "metadata.namespace":
      return pod.namespace;
    default:
      return undefined;
  }
}
