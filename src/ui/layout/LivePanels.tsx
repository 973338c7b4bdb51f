import { useRuntime } from "../../state/runtime-context.ts";
import { useApp } from "../../state/use-app.ts";
import {
  DecisionsPanel,
  EtcdPanel,
  FreshnessPanel,
  MetricsPanel,
  RingPanel,
  WaitingRoomPanel,
} from "../panels/index.ts";
import { FrameSourceContext } from "../panels/shared/frameSource.ts";
import { useRuntimeFrames } from "./useRuntimeFrames.ts";

/**
 * The six panels: their text renders from the store's copy of the snapshot (a few times a second,
 * where numbers can be read), their canvases and bars draw the newest snapshot every frame.
 */
export function LivePanels() {
  const snapshot = useApp((state) => state.snapshot);
  const frames = useRuntimeFrames();
  const { prometheusText } = useRuntime();
  return (
    <FrameSourceContext value={frames}>
      <div className="panel-grid">
        <RingPanel snapshot={snapshot} />
        <WaitingRoomPanel snapshot={snapshot} />
        <FreshnessPanel snapshot={snapshot} />
        <DecisionsPanel snapshot={snapshot} />
        <EtcdPanel snapshot={snapshot} />
        <MetricsPanel snapshot={snapshot} prometheusText={prometheusText} />
      </div>
    </FrameSourceContext>
  );
}
