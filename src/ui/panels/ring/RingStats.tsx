import type { RingSummary } from "../../../sim/snapshot.ts";
import { formatCount, formatDuration } from "../shared/format.ts";
import { outlookSentences, resizeOutlook } from "./resizeOutlook.ts";

interface RingStatsProps {
  ring: RingSummary;
  /** The last resize, while it is recent enough to be news. */
  recentResize: { fromCapacity: number; toCapacity: number } | null;
}

export function RingStats({ ring, recentResize }: RingStatsProps) {
  const size = ring.endIndex - ring.startIndex;
  const window = formatDuration(ring.freshWindowNs);
  return (
    <div className="wcl-ring__stats">
      {recentResize && (
        <p className="wcl-ring__resized">
          {recentResize.toCapacity > recentResize.fromCapacity ? "Doubled" : "Halved"}:{" "}
          {formatCount(recentResize.fromCapacity)} → {formatCount(recentResize.toCapacity)} slots
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
        <dd>{window}</dd>
        <dt>resizes</dt>
        <dd>
          {formatCount(ring.increases)} up, {formatCount(ring.decreases)} down
        </dd>
      </dl>
      <p className="wcl-ring__outlook">{outlookSentences[resizeOutlook(ring)]}</p>
    </div>
  );
}
