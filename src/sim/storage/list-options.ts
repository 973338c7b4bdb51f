import { decodeContinue } from "./continue-token.ts";
import { type ApiError, badRequest, plainError } from "./errors.ts";
import type { ListOptions } from "./interfaces.ts";

// A LIST's options checked with upstream's exact messages. upstream: storage/interfaces.go ValidateListOptions, etcd3 APIObjectVersioner

export type Parsed<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: ApiError };

const UINT64_MAX = 18446744073709551615n;
const ZERO: Parsed<number> = { ok: true, value: 0 };
const AT_CURRENT: Parsed<ValidatedList> = { ok: true, value: { withRev: 0, continueKey: "" } };
// Up to 15 digits is below 2^53: exact as a number and far below uint64's bound.
const SHORT_DECIMAL = /^[0-9]{1,15}$/;

/**
 * upstream: APIObjectVersioner.ParseResourceVersion: "" and "0" are 0. RVs above 2^53 lose
 * precision as numbers; they only occur in requests that are refused or wait and time out.
 */
export function parseResourceVersion(rv: string): Parsed<number> {
  if (rv === "" || rv === "0") return ZERO;
  // A request's RV is parsed at every layer it passes (delegator, cacher, watch cache): the
  // last valid answer is kept (a pure function of the string, and an immutable result).
  if (rv === last.rv) return last.parsed;
  const parsed = parseNonZero(rv);
  if (parsed.ok) last = { rv, parsed };
  return parsed;
}

let last: { rv: string; parsed: Parsed<number> } = { rv: "", parsed: ZERO };

function parseNonZero(rv: string): Parsed<number> {
  if (SHORT_DECIMAL.test(rv)) return { ok: true, value: Number(rv) };
  const reason = /^[0-9]+$/.test(rv)
    ? BigInt(rv) > UINT64_MAX
      ? "value out of range"
      : null
    : "invalid syntax";
  if (reason === null) return { ok: true, value: Number(rv) };
  // A storage.InvalidError, not an API status: callers wrap it as they need.
  const quoted = JSON.stringify(rv);
  return {
    ok: false,
    error: plainError(
      `resourceVersion: Invalid value: ${quoted}: strconv.ParseUint: parsing ${quoted}: ${reason}`,
    ),
  };
}

/** The revision an etcd LIST must read at (0: current) and the key it starts after. */
export interface ValidatedList {
  readonly withRev: number;
  readonly continueKey: string;
}

// upstream: storage/interfaces.go ValidateListOptions
export function validateListOptions(keyPrefix: string, opts: ListOptions): Parsed<ValidatedList> {
  if (opts.recursive && opts.continue.length > 0) {
    const token = decodeContinue(opts.continue, keyPrefix);
    if (!token.ok)
      return { ok: false, error: badRequest(`invalid continue token: ${token.message}`) };
    if (opts.resourceVersion !== "" && opts.resourceVersion !== "0") {
      return {
        ok: false,
        error: badRequest("specifying resource version is not allowed when using continue"),
      };
    }
    return { ok: true, value: { withRev: Math.max(0, token.rv), continueKey: token.key } };
  }
  if (opts.resourceVersion === "") return AT_CURRENT;
  const parsed = parseResourceVersion(opts.resourceVersion);
  if (!parsed.ok) {
    const text = parsed.error.message;
    return { ok: false, error: badRequest(`invalid resource version: ${text}`) };
  }
  switch (opts.resourceVersionMatch) {
    case "NotOlderThan":
      return AT_CURRENT;
    case "Exact":
      return { ok: true, value: { withRev: parsed.value, continueKey: "" } };
    case "": {
      const legacyExact = opts.recursive && opts.limit > 0 && parsed.value > 0;
      return legacyExact
        ? { ok: true, value: { withRev: parsed.value, continueKey: "" } }
        : AT_CURRENT;
    }
    default: {
      // Unreachable through the typed options; kept for requests decoded from outside.
      const match: string = opts.resourceVersionMatch;
      return { ok: false, error: plainError(`unknown ResourceVersionMatch value: ${match}`) };
    }
  }
}
