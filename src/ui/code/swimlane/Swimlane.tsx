import { scaleBand, scaleLinear } from "d3";
import { useRef } from "react";
import type { RequestTraceView } from "../../../sim/request-traces.ts";
import { type Nanos, NS_PER_MS } from "../../../sim/time.ts";
import { formatDuration } from "../../panels/shared/format.ts";
import { okabeIto } from "../../panels/shared/palette.ts";
import { useElementSize } from "../../panels/shared/useElementSize.ts";
import { LANES, type Lane, laneOf, spansOf } from "./lanes.ts";
import { stepTitle } from "./stepWords.ts";

const LANE_HEIGHT = 30;
const LABEL_WIDTH = 84;
const TOP = 22;
const AXIS = 22;
const RIGHT = 16;

const spanColour: Record<Lane, string> = {
  client: okabeIto.grey,
  delegator: okabeIto.skyBlue,
  etcd: okabeIto.purple,
  cache: okabeIto.orange,
};

interface SwimlaneProps {
  trace: RequestTraceView;
  nowNs: Nanos;
  /** The step the code pane shows. */
  index: number;
  onPick(index: number): void;
}

/** The request's life as lanes over time since it arrived, then the same steps as a list. */
export function Swimlane({ trace, nowNs, index, onPick }: SwimlaneProps) {
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
        {spansOf(steps, endNs, trace.live).map((span) => (
          <rect
            key={`${span.lane}-${span.fromNs}`}
            x={at(span.fromNs)}
            y={mid(span.lane) - 5}
            width={Math.max(2, at(span.toNs) - at(span.fromNs))}
            height={10}
            rx={3}
            fill={spanColour[span.lane]}
            className={
              span.open ? "wcl-swimlane__span wcl-swimlane__span--open" : "wcl-swimlane__span"
            }
          />
        ))}
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
            x={Math.min(at(current.atNs), right - 40)}
            y={mid(laneOf(current)) - 9}
            className="wcl-swimlane__now"
          >
            {stepTitle(current)}
          </text>
        )}
        {x.ticks(5).map((tick) => (
          <text key={tick} x={x(tick)} y={height - 6} className="wcl-swimlane__tick">
            {tick === 0 ? "arrived" : `+${formatDuration(tick)}`}
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
              <strong>{stepTitle(step)}</strong>{" "}
              <span className="wcl-muted">
                ({LANES.find((lane) => lane.id === laneOf(step))?.label}) {step.detail}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
