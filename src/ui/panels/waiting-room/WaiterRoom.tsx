import type { SimSnapshot } from "../../../model/index.ts";
import { formatCount, formatWall } from "../shared/format.ts";
import { useLatestSnapshot } from "../shared/useLatestSnapshot.ts";
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
 * The oldest waiters and their bars, from the newest snapshot every frame: rows come and go within
 * a fraction of a second at high speed, so this part of the panel cannot wait for its text.
 */
export function WaiterRoom({ snapshot, inspectedId, onInspect, onSelect }: WaiterRoomProps) {
  const latest = useLatestSnapshot(snapshot);
  if (latest.waiters.length === 0) {
    return <p className="wcl-calm">Nobody is waiting: every read found the cache fresh enough.</p>;
  }
  const shown = oldestWaiters(latest.waiters, MAX_ROWS);
  const unlisted = latest.waiterCount - shown.length;
  return (
    <div className="wcl-room">
      <div className="wcl-room__scale" aria-hidden="true">
        <span>arrived</span>
        <span>{formatWall(latest.wall)} wall ⟂</span>
      </div>
      <WaiterList
        waiters={shown}
        nowNs={latest.nowNs}
        inspectedId={inspectedId}
        onInspect={onInspect}
        onSelect={onSelect}
        traced={latest.tracedIds}
      />
      {unlisted > 0 && <p className="wcl-more">+{formatCount(unlisted)} more</p>}
    </div>
  );
}
