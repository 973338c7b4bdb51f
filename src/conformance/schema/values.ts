import * as v from "valibot";

// The vectors' values (docs/conformance.md, "Values"): every number is an integer; every string has a type with a pattern. A value that
// breaks its type makes the case malformed (FAIL), never a crash.

export const Int = v.pipe(v.number(), v.integer());
export const Count = v.pipe(Int, v.minValue(0));
export const Bool = v.boolean();

const typed = (pattern: RegExp, type: string) =>
  v.pipe(v.string(), v.regex(pattern, `not a ${type}`));

export const Rv = typed(/^(0|[1-9][0-9]*)?$/, "string:rv");
export const Name = typed(/^([A-Za-z0-9]([-A-Za-z0-9._]*[A-Za-z0-9])?)?$/, "string:name");
export const Attr = typed(/^([A-Za-z0-9]([-A-Za-z0-9._/]*[A-Za-z0-9])?)?$/, "string:attr");
export const Key = typed(/^[A-Za-z0-9/._-]*$/, "string:key");
export const Selector = typed(
  /^$|^[A-Za-z0-9][-A-Za-z0-9._/]*=[-A-Za-z0-9._/]*(,[A-Za-z0-9][-A-Za-z0-9._/]*=[-A-Za-z0-9._/]*)*$/,
  "string:selector",
);
export const Token = typed(/^[A-Za-z0-9_-]*$/, "string:token");
export const IndexName = typed(/^([lf]:[A-Za-z0-9._/-]+)?$/, "string:index");
export const Id = typed(/^[a-z][a-z0-9]*$/, "string:id");
export const Message = v.string();
/** Informative prose (`setup`, `note`): checked for presence, never read. */
export const Text = v.string();
