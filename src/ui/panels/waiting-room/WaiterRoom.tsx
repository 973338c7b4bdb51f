import type { SimSnapshot } from "../../../model/index.ts";
import { formatCount, formatWall } from "../shared/format.ts";
import { WaiterList } from "./WaiterList.tsx";
import { oldestWaiters } from "./waiterProgress.ts";

// Enough rows to see the queue run into the wall in a ~350 px box.
export const MAX_ROWS = 10;

interface WaiterRoomProps {
  snapshot: SimSnapshot;
  inspectedId: number | null;
  onInspect: (id: number | null) => void;
  onSelect?: ((id: number) => void) | undefined;
}

/**
 * The oldest waiters and their bars, from the same snapshot as the panel's headline: a count of
 * waiters beside rows of another moment would contradict itself.
 */
export function WaiterRoom({ snapshot, inspectedId, onInspect, onSelect }: WaiterRoomProps) {
  if (snapshot.waiterCount === 0) {
    return <p className="wcl-calm">Nobody is waiting: every read found the cache fresh enough.</p>;
  }
  const shown = oldestWaiters(snapshot.waiters, MAX_ROWS);
  const unlisted = snapshot.waiterCount - shown.length;
  return (
    <div className="wcl-room">
      <div className="wcl-room__scale" aria-hidden="true">
        <span>arrived</span>
        <span>{formatWall(snapshot.wall)} wall ⊥</span>
      </div>
      <WaiterList
        waiters={shown}
        nowNs={snapshot.nowNs}
        inspectedId={inspectedId}
        onInspect={onInspect}
        onSelect={onSelect}
        traced={snapshot.tracedIds}
      />
      {unlisted > 0 && <p className="wcl-more">+{formatCount(unlisted)} more</p>}
    </div>
  );
}
