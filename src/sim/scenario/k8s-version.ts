/**
 * Kubernetes minors whose behaviour the simulator reproduces, oldest first; each means its newest
 * released patch (1.37: k8s.io/apiserver v0.37.2).
 */
export const K8S_VERSIONS = ["1.33", "1.34", "1.35", "1.36", "1.37"] as const;

export type K8sVersion = (typeof K8S_VERSIONS)[number];

// "1.NN" → NN, without a regular expression: the wait and the delegator ask for every read.
const minorOf = (version: string): number => {
  const minor = Number(version.slice(2));
  if (!version.startsWith("1.") || version.length < 3 || !Number.isInteger(minor)) {
    throw new Error(`k8s version: not a 1.x minor: ${version}`);
  }
  return minor;
};

/**
 * Whether `version` is `since` or a later minor. Every version rule is written this way: a rule
 * that starts at a minor holds for each later one until another rule says otherwise, so a minor
 * added later inherits the newest behaviour instead of the oldest.
 */
export const atLeast = (version: K8sVersion, since: K8sVersion): boolean =>
  minorOf(version) >= minorOf(since);
