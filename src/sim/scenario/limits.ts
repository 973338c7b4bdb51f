import { accept, type Decoded, refuse } from "./decoded.ts";
import type { SchemaVersion } from "./key-codecs.ts";
import { READ_MIX_KINDS, type ReadMixKind } from "./mix.ts";
import { formatNumber, parseNumber } from "./numeric-text.ts";

// The LIST `limit` each read kind's clients use (docs/scenarios.md `limits`): 0 is one unpaginated
// LIST; N > 0 pages of N, the client following `continue` until its list is complete. Herds and
// read-your-own-write consistent reads use the `consistent` limit.

export type ReadLimits = Readonly<Record<ReadMixKind, number>>;

export const MAX_LIMIT = 100000;

/**
 * Version 2's defaults: rv0 as an informer's first list (client-go asks for 500, the cache ignores
 * it at RV="0"); consistent as a controller's full LIST; notOlderThan as one unpaginated list;
 * exact as a paginated list resuming. `consistent:500` is kubectl's `--chunk-size`.
 */
export const DEFAULT_LIMITS: ReadLimits = { rv0: 500, consistent: 0, notOlderThan: 0, exact: 500 };

/** Version 1's limits: every client LIST asked for one page of 500 (pages were not followed). */
export const VERSION_1_LIMITS: ReadLimits = { ...DEFAULT_LIMITS, consistent: 500 };

/** The limits a link of schema version `v` starts from (and writes only the differences to). */
export const limitsDefaultFor = (v: SchemaVersion): ReadLimits =>
  v === 1 ? VERSION_1_LIMITS : DEFAULT_LIMITS;

const isKind = (name: string): name is ReadMixKind =>
  (READ_MIX_KINDS as readonly string[]).includes(name);

/** `kind:N,…` over `base`: kinds not named keep their value in `base`. */
export function parseLimits(text: string, base: ReadLimits): Decoded<ReadLimits> {
  const limits: Record<ReadMixKind, number> = { ...base };
  const named = new Set<string>();
  for (const entry of text.split(",")) {
    const [kind = "", limitText, ...rest] = entry.split(":");
    if (!isKind(kind)) return refuse(`"${kind}" is not a read kind`);
    const limit = parseNumber(limitText ?? "");
    if (limit === undefined || rest.length > 0 || !Number.isInteger(limit) || limit > MAX_LIMIT)
      return refuse(`the limit of ${kind} is not an integer 0 … ${MAX_LIMIT}`);
    if (named.has(kind)) return refuse(`${kind} is named twice`);
    named.add(kind);
    limits[kind] = limit;
  }
  return accept(limits);
}

/** Only the kinds whose limit differs from `base`, in the table's order. */
export const formatLimits = (limits: ReadLimits, base: ReadLimits): string =>
  READ_MIX_KINDS.filter((kind) => limits[kind] !== base[kind])
    .map((kind) => `${kind}:${formatNumber(limits[kind])}`)
    .join(",");
