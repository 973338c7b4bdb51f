import type { ApiError } from "../sim/storage/errors.ts";
import type { ErrorExpectation, Range } from "./schema/shared.ts";

// docs/conformance.md, "Comparing": how an outcome is compared with `expected`. Every function returns one line per
// difference, prefixed with the path of the expected field; [] means equal.

const MAX_SHOWN_CHARS = 120;

export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_SHOWN_CHARS ? `${text.slice(0, MAX_SHOWN_CHARS)}…` : text;
}

/** Exact, in-order comparison of JSON-like values (numbers, strings, booleans, null, arrays, objects). */
export function diffValue(path: string, actual: unknown, expected: unknown): string[] {
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (actual.length !== expected.length) {
      return [
        `${path}: expected ${expected.length} items ${show(expected)}, got ${actual.length} ${show(actual)}`,
      ];
    }
    return expected.flatMap((item, i) => diffValue(`${path}[${i}]`, actual[i], item));
  }
  if (isPlainObject(expected) && isPlainObject(actual)) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    return [...keys].flatMap((k) => diffValue(join(path, k), actual[k], expected[k]));
  }
  return Object.is(actual, expected)
    ? []
    : [`${path}: expected ${show(expected)}, got ${show(actual)}`];
}

/** A closed interval; a null max has no upper bound. */
export function diffRange(path: string, value: number | null, range: Range): string[] {
  const label = `[${range.min}, ${range.max ?? "∞"}]`;
  if (value === null) return [`${path}: expected a value in ${label}, got none`];
  const inside = value >= range.min && (range.max === null || value <= range.max);
  return inside ? [] : [`${path}: expected a value in ${label}, got ${value}`];
}

/** An error expectation: null means the call must succeed; null sub-fields are not checked. */
export function diffError(
  path: string,
  actual: ApiError | null,
  expected: ErrorExpectation | null,
): string[] {
  if (expected === null) {
    return actual === null ? [] : [`${path}: expected success, got ${describeError(actual)}`];
  }
  if (actual === null) return [`${path}: expected ${expected.type}, got success`];
  const out: string[] = [];
  const actualType = actual.kind === "status" ? "StatusError" : "PlainError";
  if (actualType !== expected.type)
    out.push(`${path}.type: expected ${expected.type}, got ${describeError(actual)}`);
  if (actual.kind === "status") {
    if (expected.code !== null) out.push(...diffValue(`${path}.code`, actual.code, expected.code));
    if (expected.reason !== null)
      out.push(...diffValue(`${path}.reason`, actual.reason, expected.reason));
    if (expected.retryAfterSeconds !== null) {
      out.push(
        ...diffValue(
          `${path}.retryAfterSeconds`,
          actual.retryAfterSeconds,
          expected.retryAfterSeconds,
        ),
      );
    }
    if (expected.causes !== null)
      out.push(...diffValue(`${path}.causes`, actual.causes, expected.causes));
  }
  if (expected.message !== null)
    out.push(...diffValue(`${path}.message`, actual.message, expected.message));
  return out;
}

/**
 * Lists of results are matched by `id` (every expected id must have exactly one actual entry);
 * `diffItem` compares one pair.
 */
export function diffById<A extends { id: string }, E extends { id: string }>(
  path: string,
  actual: readonly A[],
  expected: readonly E[],
  diffItem: (itemPath: string, actual: A, expected: E) => string[],
): string[] {
  return expected.flatMap((want) => {
    const itemPath = `${path}[id=${want.id}]`;
    const found = actual.filter((a) => a.id === want.id);
    if (found.length !== 1) return [`${itemPath}: expected one outcome, found ${found.length}`];
    return diffItem(itemPath, found[0] as A, want);
  });
}

function describeError(error: ApiError): string {
  if (error.kind === "plain") return `PlainError ${show(error.message)}`;
  return `StatusError ${error.code} ${error.reason} ${show(error.message)}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const join = (path: string, key: string): string => (path === "" ? key : `${path}.${key}`);
