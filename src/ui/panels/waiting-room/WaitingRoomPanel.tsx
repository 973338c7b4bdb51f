import { useState } from "react";
import type { SimSnapshot, WallView } from "../../../model/index.ts";
import { useRequestSelection } from "../../../state/useRequestSelection.ts";
import { formatCount, formatWall, theWall } from "../shared/format.ts";
import { Legend } from "../shared/Legend.tsx";
import { snapshotPanel } from "../shared/PanelFrame.tsx";
import { readKindOrder, readKindStyles } from "../shared/readKinds.ts";
import { Departures } from "./Departures.tsx";
import { describeWaiter } from "./describeWaiter.ts";
import { MAX_ROWS, WaiterRoom } from "./WaiterRoom.tsx";
import { oldestWaiters, waiterProgress } from "./waiterProgress.ts";

const caption = (wall: WallView | undefined) =>
  "Reads parked on the watch cache's condition variable, oldest first. Each bar runs toward " +
  `${theWall(wall)}; a read leaves when the cache reaches its resource version, or hits the wall.`;

// RV=0 takes the fast path and never waits, so it has no place in this legend.
const waitingKinds = readKindOrder
  .filter((kind) => kind !== "rv0")
  .map((kind) => ({ label: readKindStyles[kind].label, colour: readKindStyles[kind].colour }));

export const WaitingRoomPanel = snapshotPanel("waiting", caption, WaitingRoomBody);

function WaitingRoomBody({ snapshot }: { snapshot: SimSnapshot }) {
  const [inspectedId, setInspectedId] = useState<number | null>(null);
  const selection = useRequestSelection();
  const inspected = oldestWaiters(snapshot.waiters, MAX_ROWS).find(
    (waiter) => waiter.id === inspectedId,
  );

  return (
    <>
      <p className="wcl-headline">
        <strong>{formatCount(snapshot.waiterCount)}</strong> waiting ·{" "}
        <strong>{formatCount(snapshot.timersPending)}</strong> wake-up timers sleeping · cache at RV{" "}
        {formatCount(snapshot.cacheRv)}
      </p>
      {snapshot.timersPending > snapshot.waiterCount && (
        <p className="wcl-muted">
          More timers than waiters: a wake-up timer sleeps its full {formatWall(snapshot.wall)} even
          after its read has left.
        </p>
      )}
      <WaiterRoom
        snapshot={snapshot}
        inspectedId={inspectedId}
        onInspect={setInspectedId}
        onSelect={selection?.select}
      />
      <p className="wcl-detail">
        {inspected
          ? describeWaiter(inspected, waiterProgress(inspected, snapshot.nowNs), snapshot.cacheRv)
          : selection === null
            ? "Hover, click or tab to a waiter for its target RV and time waited."
            : "Hover or tab to a waiter for its target RV and time waited; click to follow it below."}
      </p>
      <h3 className="wcl-subtitle">Just left the room</h3>
      <Departures
        outcomes={snapshot.recentOutcomes}
        wall={snapshot.wall}
        onSelect={selection?.select}
        traced={snapshot.tracedIds}
      />
      <Legend items={waitingKinds} />
    </>
  );
}
