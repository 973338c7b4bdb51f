import type { HistogramView, WallView } from "../../../model/index.ts";
import { formatCompactCount } from "../shared/format.ts";
import { type Bucket, bucketLabel, bucketsFromCumulative } from "./histogramBuckets.ts";

// The bucket to watch is the one a wait that hits the wall lands in: the model says which
// (blockTimeout + timerLatency, so +Inf at the defaults, le="3" with timerLatency=0 or a lower
// what-if wall). Everything below it ended in time.

function barHeight(bucket: Bucket, tallest: number): string {
  if (bucket.count === 0 || tallest === 0) return "0%";
  // At least a sliver, so a single observation next to thousands is still visible.
  return `${Math.max(2, (bucket.count / tallest) * 100).toFixed(1)}%`;
}

interface ReadWaitHistogramProps {
  histogram: HistogramView;
  /** Marks the bucket a read lands in when it times out: many there means a cache chronically behind. */
  wall: WallView;
}

export function ReadWaitHistogram({ histogram, wall }: ReadWaitHistogramProps) {
  const buckets = bucketsFromCumulative(histogram);
  const tallest = Math.max(0, ...buckets.map((bucket) => bucket.count));
  return (
    <figure className="wcl-histogram-figure">
      <ol className="wcl-histogram" aria-label="Waits per bucket (not cumulative)">
        {buckets.map((bucket, i) => {
          const isWall = i === wall.readWaitBucket;
          const label = bucketLabel(bucket.le);
          return (
            <li
              key={label}
              className={isWall ? "wcl-bucket wcl-bucket--wall" : "wcl-bucket"}
              aria-label={`le ${label} s: ${bucket.count}${isWall ? ", over the wall" : ""}`}
            >
              <span className="wcl-bucket__count">{formatCompactCount(bucket.count)}</span>
              <span className="wcl-bucket__bar-area">
                <span className="wcl-bucket__bar" style={{ height: barHeight(bucket, tallest) }} />
              </span>
              <span className="wcl-bucket__label">{label}</span>
            </li>
          );
        })}
      </ol>
      <figcaption className="wcl-muted">
        waits per bucket, by upper bound <span className="wcl-mono">le</span> in seconds.{" "}
        <span className="wcl-wall-key">
          <span className="wcl-wall-key__swatch" aria-hidden="true" />
          Over the wall: <span className="wcl-mono">le="{wall.readWaitBucketLe}"</span>
        </span>
        , where a wait that timed out lands (observed at {wall.timeoutObservedS} s: the wall, then
        its timer's wake-up). The buckets below hold waits that ended in time.
      </figcaption>
    </figure>
  );
}
