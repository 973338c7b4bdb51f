import type { RingSummary } from "../../../model/index.ts";
import { formatClock, formatCount, formatDuration } from "../shared/format.ts";
import type { CapacityTransition } from "./capacityTransition.ts";
import { outlookSentences, resizeOutlook } from "./resizeOutlook.ts";

interface RingStatsProps {
  ring: RingSummary;
  lastResize: CapacityTransition | null;
  /** Highlights the last resize for a few simulated seconds after it happened. */
  isNews: boolean;
}

export function RingStats({ ring, lastResize, isNews }: RingStatsProps) {
  const size = ring.endIndex - ring.startIndex;
  return (
    <div className="wcl-ring__stats">
      {lastResize && (
        <p className={isNews ? "wcl-ring__resized wcl-ring__resized--news" : "wcl-ring__resized"}>
          {lastResize.toCapacity > lastResize.fromCapacity ? "Doubled" : "Halved"}:{" "}
          {formatCount(lastResize.fromCapacity)} → {formatCount(lastResize.toCapacity)} slots at{" "}
          {formatClock(lastResize.startedAtNs)}
        </p>
      )}
      <dl className="wcl-facts">
        <dt>capacity</dt>
        <dd>
          {formatCount(ring.capacity)}{" "}
          <span className="wcl-muted">
            (bounds {formatCount(ring.lowerBound)}–{formatCount(ring.upperBound)})
          </span>
        </dd>
        <dt>events held</dt>
        <dd>
          {formatCount(size)}{" "}
          <span className="wcl-muted">
            [#{formatCount(ring.startIndex)}, #{formatCount(ring.endIndex)})
          </span>
        </dd>
        <dt>oldest event</dt>
        <dd>{ring.oldestAgeNs === null ? "—" : `${formatDuration(ring.oldestAgeNs)} old`}</dd>
        <dt>¼ point</dt>
        <dd>
          {ring.quarterAgeNs === null ? "— (not full)" : `${formatDuration(ring.quarterAgeNs)} old`}
        </dd>
        <dt>fresh window</dt>
        <dd>{formatDuration(ring.freshWindowNs)}</dd>
        <dt>resizes</dt>
        <dd>
          {formatCount(ring.increases)} up, {formatCount(ring.decreases)} down
        </dd>
      </dl>
      <p className="wcl-ring__outlook">{outlookSentences[resizeOutlook(ring)]}</p>
    </div>
  );
}
