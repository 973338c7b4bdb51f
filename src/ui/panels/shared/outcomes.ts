import { OUTCOMES, type Outcome } from "../../../model/index.ts";
import { ink, okabeIto } from "./palette.ts";

export interface OutcomeStyle {
  label: string;
  /** For table headers in a narrow panel; the full label goes in the tooltip. */
  shortLabel: string;
  colour: string;
}

export const outcomeOrder = OUTCOMES;

export const outcomeStyles: Record<Outcome, OutcomeStyle> = {
  cache: { label: "cache at once", shortLabel: "cache", colour: okabeIto.blue },
  cacheAfterWait: {
    label: "cache after waiting",
    shortLabel: "after wait",
    colour: okabeIto.skyBlue,
  },
  // "etcd" alone read as "no read reached etcd" beside a fallback column full of reads that did:
  // this outcome is a read the delegator sent to etcd without consulting the cache.
  etcd: { label: "sent to etcd directly", shortLabel: "etcd", colour: okabeIto.green },
  fallback: { label: "fallback to etcd", shortLabel: "fallback", colour: okabeIto.orange },
  "429": { label: "429 retry", shortLabel: "429", colour: okabeIto.purple },
  "504": { label: "504 timeout", shortLabel: "504", colour: okabeIto.vermillion },
  "410": { label: "410 expired", shortLabel: "410", colour: okabeIto.yellow },
  other: { label: "other error", shortLabel: "other", colour: ink.muted },
};
