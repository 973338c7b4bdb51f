import { NS_PER_S, type SimSnapshot } from "../../model/index.ts";
import { useApp } from "../../state/useApp.ts";

// What the panels show, stated for machines (browser tests wait on it instead of sleeping): the
// simulated moment of the snapshot every panel has rendered, the worker's load it belongs to, and
// whether that run was playing. The attributes are committed with the panels' text, so once they
// name a moment, every panel shows that moment. The single run's grid (LivePanels) and the twin
// run's (TwinPanels) both state it.

export interface PageStatementAttributes {
  "data-sim-time"?: string;
  "data-load-count"?: string;
  "data-playing"?: string;
}

/** The statement for panels showing `shown`; empty while they are still being handed a snapshot. */
export function usePageStatement(shown: readonly (SimSnapshot | null)[]): PageStatementAttributes {
  const latest = useApp((state) => state.snapshot);
  const from = useApp((state) => state.snapshotFrom);
  const settled = latest !== null && shown.every((snapshot) => snapshot === latest);
  if (!settled) return {};
  return {
    "data-sim-time": String(latest.nowNs / NS_PER_S),
    "data-load-count": String(from.run),
    "data-playing": String(from.playing),
  };
}
