import { existsSync, readdirSync } from "node:fs";
import { gatesFor, type K8sVersion, MODELLED_GATES } from "../../sim/scenario/index.ts";
import type { Script } from "../../sim/script/format.ts";

// The Kubernetes minors the oracle runs (docs/oracle-harness.md, "Versions"): each has a Go module
// oracle/k8s-<minor> over its released k8s.io/apiserver and, once run, committed outcomes. The
// corpus is written once; each minor runs it under its own `k8s`, so the model and the real code
// both play that minor's behaviour.

/** Minors with a harness module, oldest first. */
export const ORACLE_VERSIONS = [
  "1.33",
  "1.34",
  "1.35",
  "1.36",
  "1.37",
] as const satisfies readonly K8sVersion[];

export type OracleVersion = (typeof ORACLE_VERSIONS)[number];

export const isOracleVersion = (v: string): v is OracleVersion =>
  (ORACLE_VERSIONS as readonly string[]).includes(v);

/**
 * A script as `k8s` runs it: the same world and requests under that minor, without the gates the
 * minor does not have (the script then takes the minor's own behaviour for them; its harness
 * would refuse a gate it does not know).
 */
export function scriptFor(script: Script, k8s: K8sVersion): Script {
  if (script.k8s === k8s) return script;
  const specs = gatesFor(k8s);
  const gates = Object.fromEntries(
    MODELLED_GATES.filter((g) => script.gates[g] !== undefined && specs[g].exists).map((g) => [
      g,
      script.gates[g],
    ]),
  );
  return { ...script, k8s, gates };
}

/** The minors whose outcomes are committed in `dir` (test/oracle/outcomes), oldest first. */
export function versionsWithOutcomes(dir: string): OracleVersion[] {
  if (!existsSync(dir)) return [];
  const files = new Set(readdirSync(dir));
  return ORACLE_VERSIONS.filter((v) => files.has(`k8s-${v}.jsonl`));
}

/**
 * The minors a corpus command covers: `--k8s V` alone, else (to check or compare) every minor with
 * committed outcomes, or (to regenerate) every minor with a harness.
 */
export function versionsToRun(
  args: readonly string[],
  asked: string | undefined,
  committed: readonly OracleVersion[],
  fail: (message: string) => never,
): OracleVersion[] {
  if (asked !== undefined) {
    if (!isOracleVersion(asked))
      fail(`--k8s: one of ${ORACLE_VERSIONS.join(", ")} (the minors with a harness under oracle/)`);
    return [asked];
  }
  if (!args.includes("--check") && !args.includes("--model-only")) return [...ORACLE_VERSIONS];
  if (committed.length === 0) fail("no committed outcomes in test/oracle/outcomes");
  return [...committed];
}
