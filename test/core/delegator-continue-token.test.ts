import { describe, expect, it } from "vitest";
import { decodeContinue, encodeContinue } from "../../src/sim/storage/continue-token.ts";
import type { ListOptions } from "../../src/sim/storage/interfaces.ts";
import { validateListOptions } from "../../src/sim/storage/list-options.ts";
import { listOptions } from "./fixtures/cacher.ts";

describe("continue tokens", () => {
  it("encodes the upstream JSON as unpadded base64url", () => {
    expect(encodeContinue("/pods/a", "/pods/", -1)).toBe(
      "eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6LTEsInN0YXJ0IjoiYSJ9",
    );
  });

  it("decodes a token back to the key under the prefix and its RV", () => {
    const token = "eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6LTEsInN0YXJ0IjoiL3BvZHMvYSJ9";
    expect(decodeContinue(token, "/pods/")).toEqual({ ok: true, key: "/pods/pods/a", rv: -1 });
    expect(decodeContinue(encodeContinue("/pods/ns/b", "/pods/", 42), "/pods/")).toEqual({
      ok: true,
      key: "/pods/ns/b",
      rv: 42,
    });
  });

  it("reports Go's base64 error for a truncated token", () => {
    expect(decodeContinue("abcde", "/pods/")).toEqual({
      ok: false,
      message: "continue key is not valid: illegal base64 data at input byte 4",
    });
  });

  it("reports Go's JSON syntax error for bytes that are not JSON", () => {
    const token = Buffer.from("{x").toString("base64url");
    expect(decodeContinue(token, "/pods/")).toEqual({
      ok: false,
      message:
        "continue key is not valid: invalid character 'x' looking for beginning of object key string",
    });
  });

  it("rejects a zero RV, an empty start key, a path escaping the prefix and an unknown version", () => {
    const enc = (json: string) => Buffer.from(json).toString("base64url");
    const decode = (json: string) => decodeContinue(enc(json), "/pods/");
    expect(decode('{"v":"meta.k8s.io/v1","rv":0,"start":"a"}')).toMatchObject({
      message:
        "continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)",
    });
    expect(decode('{"v":"meta.k8s.io/v1","rv":3,"start":""}')).toMatchObject({
      message: "continue key is not valid: encoded start key empty (version meta.k8s.io/v1)",
    });
    expect(decode('{"v":"meta.k8s.io/v1","rv":3,"start":"../x"}')).toMatchObject({
      message: "continue key is not valid: ../x",
    });
    expect(decode('{"v":"v2","rv":3,"start":"a"}')).toMatchObject({
      message: "continue key is not valid: server does not recognize this encoded version v2",
    });
    expect(decode('{"v":"meta.k8s.io/v1","rv":"3","start":"a"}')).toMatchObject({
      message:
        "continue key is not valid: json: cannot unmarshal string into Go struct field continueToken.rv of type int64",
    });
  });
});

describe("validateListOptions", () => {
  it("rejects a bad continue token with 400 and the decode error", () => {
    expect(validateListOptions("/pods/", listOptions({ continue: "abcde" }))).toMatchObject({
      ok: false,
      error: {
        code: 400,
        reason: "BadRequest",
        message:
          "invalid continue token: continue key is not valid: illegal base64 data at input byte 4",
      },
    });
  });

  it("rejects an RV together with a continue token, but accepts RV 0", () => {
    const token = encodeContinue("/pods/a", "/pods/", 7);
    expect(
      validateListOptions("/pods/", listOptions({ continue: token, resourceVersion: "5" })),
    ).toMatchObject({
      ok: false,
      error: {
        code: 400,
        message: "specifying resource version is not allowed when using continue",
      },
    });
    expect(
      validateListOptions("/pods/", listOptions({ continue: token, resourceVersion: "0" })),
    ).toEqual({
      ok: true,
      value: { withRev: 7, continueKey: "/pods/a" },
    });
  });

  it("ignores a continue token on a non-recursive list", () => {
    expect(
      validateListOptions("/pods/", listOptions({ continue: "abcde", recursive: false })),
    ).toMatchObject({
      ok: true,
    });
  });

  it("rejects an RV beyond uint64 with strconv's text", () => {
    const rv = "18446744073709551616";
    expect(validateListOptions("/pods/", listOptions({ resourceVersion: rv }))).toMatchObject({
      ok: false,
      error: {
        code: 400,
        message: `invalid resource version: resourceVersion: Invalid value: "${rv}": strconv.ParseUint: parsing "${rv}": value out of range`,
      },
    });
  });

  it("reads at the requested revision for Exact and legacy-exact lists only", () => {
    const rev = (over: Partial<ListOptions>) => {
      const r = validateListOptions("/pods/", listOptions(over));
      return r.ok ? r.value.withRev : -1;
    };
    expect(rev({ resourceVersion: "9", resourceVersionMatch: "Exact" })).toBe(9);
    expect(rev({ resourceVersion: "9", limit: 5 })).toBe(9);
    expect(rev({ resourceVersion: "9" })).toBe(0);
    expect(rev({ resourceVersion: "9", resourceVersionMatch: "NotOlderThan", limit: 5 })).toBe(0);
  });
});
