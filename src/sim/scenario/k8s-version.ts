/** Kubernetes minors whose behaviour the simulator reproduces; 1.37 is the pinned upstream commit. */
export const K8S_VERSIONS = ["1.33", "1.34", "1.35", "1.36", "1.37"] as const;

export type K8sVersion = (typeof K8S_VERSIONS)[number];
