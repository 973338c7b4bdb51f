import * as v from "valibot";
import { KIND_MODULES, RUNNABLE_KINDS } from "./kinds/index.ts";
import { type AnyKindModule, isRunStop, type KindTable } from "./kinds/kind.ts";
import { describeIssues, MalformedCase } from "./malformed.ts";
import { Bool, Text } from "./schema/values.ts";

// Runs every case of a vector file (docs/conformance.md, "The file"): each case is built from its
// typed fields alone, run, and only then compared with `expected`. Usable in-process by tests.

export type Verdict = "PASS" | "FAIL" | "SKIP";

export interface CaseReport {
  readonly verdict: Verdict;
  readonly kind: string;
  readonly name: string;
  /** One line, no tabs; null for a PASS. */
  readonly reason: string | null;
}

const Case = v.strictObject({
  source: Text,
  test: Text,
  name: v.string(),
  kind: v.string(),
  interpreted: Bool,
  input: v.looseObject({}),
  expected: v.looseObject({}),
  note: Text,
});
type Case = v.InferOutput<typeof Case>;

export interface Registry {
  readonly known: ReadonlySet<string>;
  readonly modules: KindTable;
}

export const DEFAULT_REGISTRY: Registry = { known: RUNNABLE_KINDS, modules: KIND_MODULES };

/** Parses a vector file's text; a file that is not a JSON array cannot be run at all. */
export function parseVectorFile(text: string): { cases: unknown[] } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { error: `not JSON: ${(e as Error).message}` };
  }
  return Array.isArray(parsed)
    ? { cases: parsed }
    : { error: "the file is not a JSON array of cases" };
}

export function runCases(
  cases: readonly unknown[],
  registry: Registry = DEFAULT_REGISTRY,
): CaseReport[] {
  const seen = new Set<string>();
  return cases.map((raw, i) => {
    const parsed = v.safeParse(Case, raw);
    if (!parsed.success) {
      const { kind, name } = labelsOf(raw, i);
      return report("FAIL", kind, name, `malformed case: ${describeIssues("case", parsed.issues)}`);
    }
    const c = parsed.output;
    const pair = JSON.stringify([c.kind, c.name]);
    if (seen.has(pair))
      return report("FAIL", c.kind, c.name, "duplicate (kind, name) pair in the file");
    seen.add(pair);
    return runCase(c, registry);
  });
}

function runCase(c: Case, registry: Registry): CaseReport {
  const module = registry.modules[c.kind];
  if (module === undefined) {
    const why = registry.known.has(c.kind) ? "kind not implemented yet" : "unknown kind";
    return report("SKIP", c.kind, c.name, why);
  }
  const verdict = judge(module, c);
  if (verdict.verdict === "FAIL" && c.interpreted) {
    return { ...verdict, reason: `${verdict.reason} [case is interpreted]` };
  }
  return verdict;
}

function judge(module: AnyKindModule, c: Case): CaseReport {
  const input = v.safeParse(module.input, c.input);
  if (!input.success)
    return report("FAIL", c.kind, c.name, `malformed ${describeIssues("input", input.issues)}`);
  let actual: unknown;
  try {
    actual = module.run(input.output);
  } catch (e) {
    const why =
      e instanceof MalformedCase ? `malformed ${e.message}` : `the model threw: ${errorText(e)}`;
    return report("FAIL", c.kind, c.name, why);
  }
  if (isRunStop(actual))
    return report(actual.stop === "skip" ? "SKIP" : "FAIL", c.kind, c.name, actual.reason);
  // Only now, after the run, is `expected` read.
  const expected = v.safeParse(module.expected, c.expected);
  if (!expected.success) {
    return report(
      "FAIL",
      c.kind,
      c.name,
      `malformed ${describeIssues("expected", expected.issues)}`,
    );
  }
  const diffs = module.compare(actual, expected.output);
  if (diffs.length === 0) return report("PASS", c.kind, c.name, null);
  const more = diffs.length > 1 ? ` (+${diffs.length - 1} more)` : "";
  return report("FAIL", c.kind, c.name, `${diffs[0]}${more}`);
}

function report(verdict: Verdict, kind: string, name: string, reason: string | null): CaseReport {
  return {
    verdict,
    kind: oneLine(kind),
    name: oneLine(name),
    reason: reason === null ? null : oneLine(reason),
  };
}

function labelsOf(raw: unknown, index: number): { kind: string; name: string } {
  const o = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const kind = typeof o["kind"] === "string" ? o["kind"] : "?";
  const name = typeof o["name"] === "string" ? o["name"] : `#${index}`;
  return { kind, name };
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));
const oneLine = (text: string): string => text.replace(/[\t\r\n]+/g, " ");

export function formatReport(reports: readonly CaseReport[]): string {
  const lines = reports.map((r) =>
    [r.verdict, r.kind, r.name, ...(r.reason === null ? [] : [r.reason])].join("\t"),
  );
  const t = tally(reports);
  lines.push(`${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`);
  return `${lines.join("\n")}\n`;
}

export function tally(reports: readonly CaseReport[]): {
  passed: number;
  failed: number;
  skipped: number;
} {
  const count = (verdict: Verdict) => reports.filter((r) => r.verdict === verdict).length;
  return { passed: count("PASS"), failed: count("FAIL"), skipped: count("SKIP") };
}
