import { echo } from "./echo.ts";

// A link can be damaged on its way to the reader: cut in the middle of a percent-escape, copied
// from HTML source (where `&` is written `&amp;`), or percent-encoded twice. URLSearchParams reads
// each of these without a word (a cut escape becomes "�", `&amp;ryw` a key "amp;ryw", a twice-
// encoded link one garbled key), so the damage is found here, on the link's raw text, and named.

/** A part of the link that could not be read as written, and why (no "ignored": see parse.ts). */
export type Damage = { readonly key: string; readonly value: string; readonly problem: string };

/** One `key=value` part of the raw text, decoded, or undefined when its escapes are broken. */
function decodePart(part: string): [string, string] | undefined {
  const at = part.indexOf("=");
  const [rawKey, rawValue] = at < 0 ? [part, ""] : [part.slice(0, at), part.slice(at + 1)];
  try {
    const decode = (text: string) => decodeURIComponent(text.replaceAll("+", " "));
    return [decode(rawKey), decode(rawValue)];
  } catch {
    return undefined;
  }
}

const BROKEN_ESCAPE =
  "is not valid percent-encoding: each % must be followed by two hex digits, and together they must spell UTF-8 (was the link cut short?)";

/** Decoded once more, if that reads (what the reader should have pasted). */
function decodedOnceMore(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** The entries of `query` (no leading `#` or `?`) that read cleanly, and the damage found. */
export function readLinkEntries(query: string): { entries: [string, string][]; damage: Damage[] } {
  const entries: [string, string][] = [];
  const damage: Damage[] = [];
  const ampKeys: string[] = [];
  for (const part of query.split("&")) {
    if (part === "") continue;
    const decoded = decodePart(part);
    if (decoded === undefined) {
      // URLSearchParams reads a broken escape as "�": enough to name a key that reads.
      const [key = ""] = new URLSearchParams(part).keys();
      const at = part.indexOf("=");
      const value = at < 0 ? "" : part.slice(at + 1);
      const where = key.includes("\uFFFD") ? `"${echo(part)}"` : `${key}: "${echo(value)}"`;
      damage.push({ key, value, problem: `${where} ${BROKEN_ESCAPE}` });
    } else if (decoded[0].startsWith("amp;")) {
      ampKeys.push(decoded[0]);
    } else if (/[=&]|%[0-9a-f]{2}/i.test(decoded[0])) {
      const again = decodedOnceMore(query);
      const reads = again === undefined ? "" : `; decoded once more it reads "${echo(again)}"`;
      damage.push({
        key: decoded[0],
        value: decoded[1],
        problem: `"${echo(decoded[0])}" came as one key: the link was percent-encoded twice ("=" and "&" arrived as %3D and %26)${reads}`,
      });
    } else {
      entries.push(decoded);
    }
  }
  const [firstAmp] = ampKeys;
  if (firstAmp !== undefined) {
    damage.push({
      key: firstAmp,
      value: "",
      problem: `the link has "&amp;" where "&" belongs (HTML source, such as the embed snippet's, writes & as &amp;), so ${ampKeys.map((key) => echo(key, 24)).join(", ")} cannot be read; replace each "&amp;" with "&"`,
    });
  }
  return { entries, damage };
}
