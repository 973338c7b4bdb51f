// The six panels the shell places; each takes `{ snapshot }` and draws a calm waiting state for null.
export { DecisionsPanel } from "./decisions/DecisionsPanel.tsx";
export { EtcdPanel } from "./etcd/EtcdPanel.tsx";
export { FreshnessPanel } from "./freshness/FreshnessPanel.tsx";
export type { PrometheusTextSource } from "./metrics/CopyPrometheusButton.tsx";
export { MetricsPanel } from "./metrics/MetricsPanel.tsx";
export { RingPanel } from "./ring/RingPanel.tsx";
export { WaitingRoomPanel } from "./waiting-room/WaitingRoomPanel.tsx";
