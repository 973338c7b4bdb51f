import { decodeRawUrl, encodeRawUrl } from "./base64url.ts";
import { goJsonSyntaxError } from "./go-json-syntax.ts";

// Continue tokens: unpadded base64url of {"v":"meta.k8s.io/v1","rv":N,"start":"<key after the
// prefix>"}, with the decode errors' exact text. upstream: storage/continue.go

const API_VERSION = "meta.k8s.io/v1";
const GENERIC = "continue key is not valid";

export type DecodedContinue =
  | { readonly ok: true; readonly key: string; readonly rv: number }
  | { readonly ok: false; readonly message: string };

const invalid = (message: string): DecodedContinue => ({ ok: false, message });

// upstream: continue.go EncodeContinue
export function encodeContinue(key: string, keyPrefix: string, rv: number): string {
  if (!key.startsWith(keyPrefix) || keyPrefix === "") {
    throw new Error("unable to encode next field: the key and key prefix do not match");
  }
  const json = `{"v":"${API_VERSION}","rv":${rv},"start":${goJsonString(key.slice(keyPrefix.length))}}`;
  return encodeRawUrl(new TextEncoder().encode(json));
}

/**
 * The token of the page after one whose last key is `lastKey`: that key + "\x00", so a reader
 * that starts at the decoded key (inclusive, as etcd's range and the cache do) starts strictly
 * after it. upstream: storage/continue.go PrepareContinueToken (etcd3 GetList and the cacher).
 */
export const prepareContinueToken = (lastKey: string, keyPrefix: string, rv: number): string =>
  encodeContinue(`${lastKey}\u0000`, keyPrefix, rv);

// A page's token is decoded three times on its way (validation, the delegator's helper, the
// watch cache), as upstream does; the last answer is kept (a pure function of its arguments).
let last: { token: string; keyPrefix: string; decoded: DecodedContinue } | null = null;

// upstream: continue.go DecodeContinue
export function decodeContinue(token: string, keyPrefix: string): DecodedContinue {
  if (last !== null && last.token === token && last.keyPrefix === keyPrefix) return last.decoded;
  const decoded = decodeAnew(token, keyPrefix);
  last = { token, keyPrefix, decoded };
  return decoded;
}

function decodeAnew(token: string, keyPrefix: string): DecodedContinue {
  const raw = decodeRawUrl(token);
  if (!raw.ok) return invalid(`${GENERIC}: ${raw.message}`);
  const syntax = goJsonSyntaxError(raw.bytes);
  if (syntax !== null) return invalid(`${GENERIC}: ${syntax}`);
  const fields = readFields(JSON.parse(new TextDecoder().decode(raw.bytes)) as unknown);
  if (typeof fields === "string") return invalid(`${GENERIC}: ${fields}`);
  if (fields.v !== API_VERSION) {
    return invalid(`${GENERIC}: server does not recognize this encoded version ${fields.v}`);
  }
  if (fields.rv === 0) {
    return invalid(`${GENERIC}: incorrect encoded start resourceVersion (version ${API_VERSION})`);
  }
  if (fields.start.length === 0) {
    return invalid(`${GENERIC}: encoded start key empty (version ${API_VERSION})`);
  }
  // Path cleaning keeps a client from escaping the prefix with "..".
  const key = fields.start.startsWith("/") ? fields.start : `/${fields.start}`;
  const cleaned = cleanPath(key);
  if (cleaned !== key) return invalid(`${GENERIC}: ${fields.start}`);
  return { ok: true, key: keyPrefix + cleaned.slice(1), rv: fields.rv };
}

interface TokenFields {
  v: string;
  rv: number;
  start: string;
}

const jsonKind = (value: unknown): string =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "array"
      : typeof value === "object"
        ? "object"
        : typeof value === "boolean"
          ? "bool"
          : typeof value;

// Go's decoder: keys match case-insensitively, null leaves a field unset, and the first type
// mismatch is the error (json.UnmarshalTypeError text).
function readFields(value: unknown): TokenFields | string {
  const fields: TokenFields = { v: "", rv: 0, start: "" };
  if (value === null) return fields;
  if (jsonKind(value) !== "object") {
    return `json: cannot unmarshal ${jsonKind(value)} into Go value of type storage.continueToken`;
  }
  let firstError: string | null = null;
  const mismatch = (what: string, field: string, type: string) => {
    firstError ??= `json: cannot unmarshal ${what} into Go struct field continueToken.${field} of type ${type}`;
  };
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
    const field = name.toLowerCase();
    if (v === null) continue;
    if (field === "v" || field === "start") {
      if (typeof v === "string") fields[field] = v;
      else mismatch(jsonKind(v), field, "string");
    } else if (field === "rv") {
      if (typeof v === "number" && Number.isSafeInteger(v)) fields.rv = v;
      else if (typeof v === "number") mismatch(`number ${v}`, field, "int64");
      else mismatch(jsonKind(v), field, "int64");
    }
  }
  return firstError ?? fields;
}

// upstream: path.Clean (stdlib), for rooted paths
function cleanPath(path: string): string {
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop();
    else out.push(part);
  }
  return `/${out.join("/")}`;
}

// Go's json.Marshal escapes <, > and & (HTML-safe) and U+2028/U+2029 on top of JSON's rules.
function goJsonString(text: string): string {
  return JSON.stringify(text).replace(/[<>&\u2028\u2029]/g, (c) => {
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}
