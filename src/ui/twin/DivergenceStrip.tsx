import { scaleLinear } from "d3";
import { useRef } from "react";
import { NS_PER_MS, NS_PER_S, type SimSnapshot } from "../../model/index.ts";
import { formatClock } from "../panels/shared/format.ts";
import { useElementSize } from "../panels/shared/useElementSize.ts";
import {
  type DivergenceSample,
  differencesOf,
  type FirstDifference,
  type FirstDifferences,
} from "./divergence.ts";
import { formatDifference, STRIP_METRICS } from "./keyMetrics.ts";
import { rowGeometry } from "./stripGeometry.ts";

const ROW_PX = 26;
const AXIS_PX = 16;
const LABEL_PX = 150;
const VALUE_PX = 80;

const ASPECTS: readonly { id: keyof FirstDifferences; label: string }[] = [
  { id: "cacheRv", label: "cache RV" },
  { id: "outcomes", label: "outcomes" },
  { id: "capacity", label: "ring capacity" },
];

/** Frames closer than this are one moment to a reader of the strip. */
const MOMENT_NS = 100 * NS_PER_MS;

function firstText(first: FirstDifference | null): string {
  if (first === null) return "same so far";
  // Two moments that print as the same second are one moment to the reader.
  const at = formatClock(first.atNs);
  if (first.atNs - first.sinceNs <= MOMENT_NS || formatClock(first.sinceNs) === at) {
    return `first differ at ${at}`;
  }
  return `first differ between ${formatClock(first.sinceNs)} and ${formatClock(first.atNs)}`;
}

interface DivergenceStripProps {
  samples: readonly DivergenceSample[];
  first: Readonly<FirstDifferences>;
  /** The shown pair, A then B: the figures at the rows' ends are theirs, as the table's are. */
  pair: readonly [SimSnapshot, SimSnapshot];
}

/** Where the twin runs part: the first moment each aspect differed, and B − A over time. */
export function DivergenceStrip({ samples, first, pair }: DivergenceStripProps) {
  const nowNs = pair[0].nowNs;
  // The samples are spaced in time, so the newest may trail the shown frame by a few frames.
  const now = differencesOf(pair[0], pair[1]);
  const ref = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(ref, { width: 720, height: 0 });
  const rowsPx = ROW_PX * STRIP_METRICS.length;
  const height = rowsPx + AXIS_PX;
  const x = scaleLinear([0, Math.max(nowNs, NS_PER_S)], [LABEL_PX, width - VALUE_PX]);
  return (
    <section className="twin-strip" aria-labelledby="twin-strip-title">
      <h2 id="twin-strip-title">Where the runs diverge</h2>
      <p className="twin-firsts" data-testid="twin-firsts">
        {ASPECTS.map(({ id, label }) => {
          const at = first[id];
          return (
            <span key={id}>
              {label}: {firstText(at)}
            </span>
          );
        })}
      </p>
      <div ref={ref} className="twin-strip-plot">
        <svg width={width} height={height} role="img" aria-label="B minus A over simulated time">
          {STRIP_METRICS.map((metric, i) => {
            const row = rowGeometry(samples, i, x, i * ROW_PX, ROW_PX);
            const difference = now[i] ?? 0;
            return (
              <g key={metric.id} className={difference === 0 ? "same" : "apart"}>
                <text x={0} y={i * ROW_PX + ROW_PX / 2} dy="0.35em" className="twin-row-label">
                  {metric.label}
                </text>
                <line x1={LABEL_PX} x2={width - VALUE_PX} y1={row.zeroY} y2={row.zeroY} />
                <path d={row.area} className="twin-area" />
                <path d={row.line} className="twin-line" />
                <text x={width} y={i * ROW_PX + ROW_PX / 2} dy="0.35em" textAnchor="end">
                  {formatDifference(difference, metric.unit)}
                </text>
              </g>
            );
          })}
          {ASPECTS.map(({ id, label }) => {
            const at = first[id];
            if (at === null) return null;
            return (
              <line
                key={id}
                className={`twin-first twin-first-${id}`}
                x1={x(at.atNs)}
                x2={x(at.atNs)}
                y1={0}
                y2={rowsPx}
              >
                <title>{`${label}: ${firstText(at)}`}</title>
              </line>
            );
          })}
          <text x={LABEL_PX} y={height} className="twin-axis">
            0 s
          </text>
          <text x={width - VALUE_PX} y={height} textAnchor="end" className="twin-axis">
            {formatClock(nowNs)}
          </text>
        </svg>
      </div>
      <p className="twin-strip-note">
        Each row is B − A since the start (above the line: B has more), scaled to its own largest
        gap; the vertical marks are the first moments the runs differed.
      </p>
    </section>
  );
}
