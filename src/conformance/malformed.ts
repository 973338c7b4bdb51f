import * as v from "valibot";

// A case that breaks the file format (missing field, wrong type, unknown enum value) is reported
// as FAIL with the offending path, never as a crash. Schemas are checked with valibot; this turns
// its issues into one line.

export class MalformedCase extends Error {
  override readonly name = "MalformedCase";
}

/** The first issue as `path: message`, plus how many more there were. */
export function describeIssues(prefix: string, issues: readonly v.BaseIssue<unknown>[]): string {
  const [first] = issues;
  if (first === undefined) return `${prefix}: invalid`;
  const path = v.getDotPath(first);
  const where = path === null ? prefix : `${prefix}.${path}`;
  const more = issues.length > 1 ? ` (+${issues.length - 1} more)` : "";
  return `${where}: ${first.message}${more}`;
}

/** Parses `value` with `schema`, throwing MalformedCase with the path under `prefix`. */
export function parseOrThrow<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  prefix: string,
): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw new MalformedCase(describeIssues(prefix, result.issues));
  return result.output;
}
