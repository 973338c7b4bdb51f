import type { MetricsWindowState } from "../../state/metrics-window.ts";
import type { PromSemantics } from "../../state/prom-semantics.ts";
import type { RunScrapes } from "../../worker/protocol.ts";
import type { PromWindow } from "../panels/metrics/promql.ts";

/**
 * The window the page shows and each run's scrapes over it (`runs`: the run labels, undefined
 * for a single run), or no window when the page shows since the start.
 */
export function decisionWindow(
  state: Pick<MetricsWindowState, "windowS" | "scrapes">,
  runs: readonly (string | undefined)[],
  semantics: PromSemantics,
): {
  window: PromWindow | null;
  scrapes: (RunScrapes | null)[];
  atS: number | null;
  pending: boolean;
} {
  const { windowS, scrapes } = state;
  if (windowS === 0)
    return { window: null, scrapes: runs.map(() => null), atS: null, pending: false };
  const mine = runs.map((run) => scrapes?.runs.find((one) => one.run === run) ?? null);
  return {
    window: { windowS, atS: scrapes?.atS ?? 0, semantics },
    scrapes: mine,
    atS: scrapes?.atS ?? null,
    pending: scrapes === null || mine.some((one) => one === null),
  };
}
