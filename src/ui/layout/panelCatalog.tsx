import type { ReactNode } from "react";
import {
  GRID_PANEL_IDS,
  type GridPanelKey,
  type PanelKey,
  panelTitleOf,
} from "../../content/panels.ts";
import type { SimSnapshot } from "../../model/index.ts";
import {
  DecisionsPanel,
  EtcdPanel,
  FreshnessPanel,
  MetricsPanel,
  type PrometheusTextSource,
  RingPanel,
  WaitingRoomPanel,
} from "../panels/index.ts";

// How each of the grid's panels is drawn, by its id in the panel table (content/panels.ts), which
// says everything else about it: its title, and where it appears. The grid, embeds, the embed
// dialog, the twin view and exports follow the table.

export interface PanelProps {
  snapshot: SimSnapshot | null;
  prometheusText: PrometheusTextSource;
  /** "A" or "B" in a twin run: which run's series a windowed figure reads. */
  run?: string | undefined;
}

export interface PanelEntry {
  id: PanelKey;
  /** The panel's heading, as its frame shows it. */
  title: string;
  render(props: PanelProps): ReactNode;
}

const RENDER: Record<GridPanelKey, PanelEntry["render"]> = {
  ring: (p) => <RingPanel snapshot={p.snapshot} />,
  waiting: (p) => <WaitingRoomPanel snapshot={p.snapshot} />,
  freshness: (p) => <FreshnessPanel snapshot={p.snapshot} />,
  decisions: (p) => <DecisionsPanel snapshot={p.snapshot} />,
  etcd: (p) => <EtcdPanel snapshot={p.snapshot} />,
  metrics: (p) => (
    <MetricsPanel snapshot={p.snapshot} prometheusText={p.prometheusText} run={p.run} />
  ),
};

export const PANEL_CATALOG: readonly PanelEntry[] = GRID_PANEL_IDS.map((id) => ({
  id,
  title: panelTitleOf(id),
  render: RENDER[id],
}));
