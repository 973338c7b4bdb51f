import { scaleBand, scaleLinear } from "d3";
import { useRef } from "react";
import type { RequestTraceView } from "../../../model/index.ts";
import { type Nanos, NS_PER_MS, type WallView } from "../../../model/index.ts";
import { formatDuration } from "../../panels/shared/format.ts";
import { okabeIto } from "../../panels/shared/palette.ts";
import { durationTickText } from "../../panels/shared/tickText.ts";
import { useElementSize } from "../../panels/shared/useElementSize.ts";
import { LANES, type Lane, laneOf, spansOf } from "./lanes.ts";
import { stepDetail, stepTitle } from "./stepWords.ts";

const LANE_HEIGHT = 34;
const LABEL_WIDTH = 84;
const TOP = 22;
const AXIS = 22;
const RIGHT = 28;

const spanColour: Record<Lane, string> = {
  client: okabeIto.grey,
  delegator: okabeIto.skyBlue,
  etcd: okabeIto.purple,
  cache: okabeIto.orange,
};

/** Labels near the lanes' ends lean inwards so they are not cut off. */
function labelAnchor(x: number, right: number): "start" | "middle" | "end" {
  if (x > right - 60) return "end";
  return x < LABEL_WIDTH + 30 ? "start" : "middle";
}

interface SwimlaneProps {
  trace: RequestTraceView;
  nowNs: Nanos;
  /** The run's wall, named by a wake-up of its timer. */
  wall: WallView;
  /** The step the code pane shows. */
  index: number;
  onPick(index: number): void;
}

/** The request's life as lanes over time since it arrived, then the same steps as a list. */
export function Swimlane({ trace, nowNs, wall, index, onPick }: SwimlaneProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(boxRef, { width: 640, height: 160 });
  const steps = trace.steps;
  const startNs = steps[0]?.atNs ?? nowNs;
  const lastNs = steps.at(-1)?.atNs ?? startNs;
  const endNs = trace.live ? Math.max(nowNs, lastNs) : lastNs;
  const right = Math.max(LABEL_WIDTH + 40, width - RIGHT);
  const x = scaleLinear()
    .domain([0, Math.max(endNs - startNs, NS_PER_MS)])
    .range([LABEL_WIDTH, right]);
  const y = scaleBand<Lane>()
    .domain(LANES.map((lane) => lane.id))
    .range([TOP, TOP + LANES.length * LANE_HEIGHT]);
  const at = (ns: Nanos) => x(ns - startNs);
  const mid = (lane: Lane) => (y(lane) ?? 0) + LANE_HEIGHT / 2;
  const height = TOP + LANES.length * LANE_HEIGHT + AXIS;
  const points = steps.map((step) => `${at(step.atNs)},${mid(laneOf(step))}`).join(" ");
  const current = steps[index];
  const ticks = x.ticks(4);
  const tickLabels = durationTickText(ticks);

  return (
    <div className="wcl-swimlane" ref={boxRef}>
      <svg width={width} height={height} aria-hidden="true" className="wcl-swimlane__svg">
        {LANES.map((lane) => (
          <g key={lane.id}>
            <rect
              x={LABEL_WIDTH}
              y={y(lane.id)}
              width={right - LABEL_WIDTH}
              height={LANE_HEIGHT - 2}
              className="wcl-swimlane__lane"
            />
            <text x={LABEL_WIDTH - 6} y={mid(lane.id)} className="wcl-swimlane__label">
              {lane.label}
            </text>
          </g>
        ))}
        {spansOf(steps, endNs, trace.live).map((span) => {
          const spanWidth = Math.max(2, at(span.toNs) - at(span.fromNs));
          return (
            <g key={`${span.lane}-${span.fromNs}`}>
              <rect
                x={at(span.fromNs)}
                y={mid(span.lane) - 7}
                width={spanWidth}
                height={14}
                rx={3}
                fill={spanColour[span.lane]}
                className={
                  span.open ? "wcl-swimlane__span wcl-swimlane__span--open" : "wcl-swimlane__span"
                }
              />
              {spanWidth > 110 && (
                <text x={at(span.fromNs) + 8} y={mid(span.lane)} className="wcl-swimlane__what">
                  {span.what} {formatDuration(span.toNs - span.fromNs)}
                </text>
              )}
            </g>
          );
        })}
        <polyline points={points} className="wcl-swimlane__path" />
        {steps.map((step, i) => (
          <circle
            // biome-ignore lint/suspicious/noArrayIndexKey: steps only ever append
            key={i}
            cx={at(step.atNs)}
            cy={mid(laneOf(step))}
            r={i === index ? 6 : 4}
            className={
              i === index ? "wcl-swimlane__dot wcl-swimlane__dot--current" : "wcl-swimlane__dot"
            }
          />
        ))}
        {current && (
          <text
            x={at(current.atNs)}
            y={mid(laneOf(current)) - 10}
            className="wcl-swimlane__now"
            textAnchor={labelAnchor(at(current.atNs), right)}
          >
            {stepTitle(current, wall)}
          </text>
        )}
        {ticks.map((tick, i) => (
          <text
            key={tick}
            x={x(tick)}
            y={height - 6}
            className="wcl-swimlane__tick"
            textAnchor={tick === 0 ? "start" : x(tick) > right - 25 ? "end" : "middle"}
          >
            {tick === 0 ? "arrived" : `+${tickLabels[i]}`}
          </text>
        ))}
      </svg>
      <ol className="wcl-swimlane__steps" aria-label={`Steps of request #${trace.id}`}>
        {steps.map((step, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps only ever append
          <li key={i}>
            <button
              type="button"
              aria-current={i === index ? "step" : undefined}
              onClick={() => onPick(i)}
            >
              <span className="wcl-swimlane__time">+{formatDuration(step.atNs - startNs)}</span>{" "}
              <strong>{stepTitle(step, wall)}</strong>{" "}
              <span className="wcl-muted">
                ({LANES.find((lane) => lane.id === laneOf(step))?.label}) {stepDetail(step)}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
