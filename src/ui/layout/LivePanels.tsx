import { useRuntime } from "../../state/runtime-context.ts";
import { useLiveFrame } from "../../state/use-live-frame.ts";
import {
  DecisionsPanel,
  EtcdPanel,
  FreshnessPanel,
  MetricsPanel,
  RingPanel,
  WaitingRoomPanel,
} from "../panels/index.ts";

/** The six panels, fed the newest snapshot each frame; nothing else on the page redraws with them. */
export function LivePanels() {
  const frame = useLiveFrame();
  const { prometheusText } = useRuntime();
  const snapshot = frame?.snapshot ?? null;
  return (
    <div className="panel-grid">
      <RingPanel snapshot={snapshot} />
      <WaitingRoomPanel snapshot={snapshot} />
      <FreshnessPanel snapshot={snapshot} />
      <DecisionsPanel snapshot={snapshot} />
      <EtcdPanel snapshot={snapshot} />
      <MetricsPanel snapshot={snapshot} prometheusText={prometheusText} />
    </div>
  );
}
