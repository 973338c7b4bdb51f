import type { HistogramView, WallView } from "../../../model/index.ts";
import { formatCompactCount } from "../shared/format.ts";
import { type Bucket, bucketLabel, bucketsFromCumulative } from "./histogramBuckets.ts";

function barHeight(bucket: Bucket, tallest: number): string {
  if (bucket.count === 0 || tallest === 0) return "0%";
  // At least a sliver, so a single observation next to thousands is still visible.
  return `${Math.max(2, (bucket.count / tallest) * 100).toFixed(1)}%`;
}

interface ReadWaitHistogramProps {
  histogram: HistogramView;
  /** Marks the bucket a read lands in when it waits the whole wall: a fat one means a cache that is
   * chronically behind. */
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
              aria-label={`le ${label} s: ${bucket.count}`}
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
        waits per bucket, by upper bound <span className="wcl-mono">le</span> in seconds
      </figcaption>
    </figure>
  );
}
