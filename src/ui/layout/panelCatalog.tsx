import type { ReactNode } from "react";
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

// Every panel the page can place, under the short id an embed link names it by (`panels=ring,…`).
// A new panel is added here once: the page, embeds, the embed dialog and exports all follow.

export interface PanelProps {
  snapshot: SimSnapshot | null;
  prometheusText: PrometheusTextSource;
  /** "A" or "B" in a twin run: which run's series a windowed figure reads. */
  run?: string | undefined;
}

export interface PanelEntry {
  id: string;
  /** The panel's heading, as its frame shows it. */
  title: string;
  render(props: PanelProps): ReactNode;
}

export const PANEL_CATALOG: readonly PanelEntry[] = [
  { id: "ring", title: "History ring", render: (p) => <RingPanel snapshot={p.snapshot} /> },
  {
    id: "waiting",
    title: "Waiting room",
    render: (p) => <WaitingRoomPanel snapshot={p.snapshot} />,
  },
  {
    id: "freshness",
    title: "Freshness timeline",
    render: (p) => <FreshnessPanel snapshot={p.snapshot} />,
  },
  { id: "decisions", title: "Decisions", render: (p) => <DecisionsPanel snapshot={p.snapshot} /> },
  { id: "etcd", title: "etcd load", render: (p) => <EtcdPanel snapshot={p.snapshot} /> },
  {
    id: "metrics",
    title: "Metrics",
    render: (p) => (
      <MetricsPanel snapshot={p.snapshot} prometheusText={p.prometheusText} run={p.run} />
    ),
  },
];
