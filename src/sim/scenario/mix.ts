import { accept, type Decoded, refuse } from "./decoded.ts";
import { formatNumber, parseNumber } from "./numeric-text.ts";

/** The kinds of independent reads (docs/scenarios.md, "Read kinds"). */
export const READ_MIX_KINDS = ["rv0", "consistent", "notOlderThan", "exact"] as const;

export type ReadMixKind = (typeof READ_MIX_KINDS)[number];

/** Each read kind's share of `reads`; the shares sum to 1. */
export type ReadMix = Readonly<Record<ReadMixKind, number>>;

// Shares that already sum to 1 up to rounding are kept as written, so a written mix reads back
// bit for bit instead of drifting by an ulp on each normalisation.
const SUM_TOLERANCE = 1e-12;

const isKind = (name: string): name is ReadMixKind =>
  (READ_MIX_KINDS as readonly string[]).includes(name);

/** `kind:weight,…` normalised to shares, or why it cannot be. */
export function parseMix(text: string): Decoded<ReadMix> {
  const weights: Record<ReadMixKind, number> = { rv0: 0, consistent: 0, notOlderThan: 0, exact: 0 };
  const named = new Set<string>();
  for (const entry of text.split(",")) {
    const [kind = "", weightText, ...rest] = entry.split(":");
    const weight = parseNumber(weightText ?? "");
    if (!isKind(kind)) return refuse(`"${kind}" is not a read kind`);
    if (weight === undefined || rest.length > 0)
      return refuse(`the share of ${kind} is not a number`);
    if (named.has(kind)) return refuse(`${kind} is named twice`);
    named.add(kind);
    weights[kind] = weight;
  }
  const sum = READ_MIX_KINDS.reduce((total, kind) => total + weights[kind], 0);
  if (!(sum > 0) || !Number.isFinite(sum)) return refuse("the shares must not all be zero");
  if (Math.abs(sum - 1) <= SUM_TOLERANCE) return accept(weights);
  const mix = { ...weights };
  for (const kind of READ_MIX_KINDS) mix[kind] = weights[kind] / sum;
  return accept(mix);
}

/** Kinds with a share, in the table's order; kinds left out read back as share 0. */
export const formatMix = (mix: ReadMix): string =>
  READ_MIX_KINDS.filter((kind) => mix[kind] > 0)
    .map((kind) => `${kind}:${formatNumber(mix[kind])}`)
    .join(",");
