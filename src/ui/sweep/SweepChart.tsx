import { line, scaleLinear } from "d3";
import type { Dimension, NumberDimension } from "../../sweep/dimension.ts";
import { dimensionName, valueText } from "../../sweep/dimension.ts";
import type { SweepFigure } from "../../sweep/figures.ts";
import { CHART_HEIGHT, type ChartProps } from "./chartProps.ts";
import { figureAt, formatFigure, tickText } from "./pointFigures.ts";
import type { PagePoint } from "./runPageSweep.ts";
import { SweepHeatMap } from "./SweepHeatMap.tsx";

// One figure of a sweep against the swept key: a line (two, gate off and on, when a gate is swept),
// the threshold a search found marked; with two keys, a heat map. Each point is a link to its run
// (a new tab) and says its figures when hovered or focused; its numbers are in data attributes
// (`data-x`, `data-value`) and in the dialog's table, for a reader who cannot see the chart.

const MARGIN = { left: 48, right: 14, top: 24, bottom: 34 };
const GATE_STYLES = [
  { label: "gate off", className: "sweep-line-off" },
  { label: "gate on", className: "sweep-line-on" },
];

export function SweepChart(props: ChartProps) {
  const numeric = props.dimensions.filter((d): d is NumberDimension => d.kind === "number");
  if (numeric.length === 2) return <SweepHeatMap {...props} />;
  return <SweepLineChart {...props} />;
}

function SweepLineChart({
  figure,
  index,
  dimensions,
  points,
  answers,
  width,
  ...links
}: ChartProps) {
  const xAt = dimensions.findIndex((d) => d.kind === "number");
  const gateAt = dimensions.findIndex((d) => d.kind === "gate");
  const swept = dimensions[xAt] as NumberDimension | undefined;
  // A gate swept alone: off and on side by side, at 0 and 1.
  const xOf = (point: PagePoint) =>
    xAt >= 0 ? (point.values[xAt] as number) : point.values[gateAt] === true ? 1 : 0;
  const [from, to] = swept === undefined ? [-0.5, 1.5] : [swept.from, swept.to];
  const innerW = Math.max(120, width - MARGIN.left - MARGIN.right);
  const innerH = CHART_HEIGHT - MARGIN.top - MARGIN.bottom;
  const known = points.flatMap((point) => {
    const value = figureAt(point, index);
    return typeof value === "number" ? [{ point, value }] : [];
  });
  const values = known.map((k) => k.value);
  const y = scaleLinear()
    .domain([Math.min(0, ...values), Math.max(0, ...values) || 1])
    .nice(4)
    .range([innerH, 0]);
  const x = scaleLinear().domain([from, to]).range([0, innerW]);
  const groups =
    gateAt >= 0 && xAt >= 0
      ? [false, true].map((on, g) => ({
          ...(GATE_STYLES[g] as (typeof GATE_STYLES)[number]),
          items: known.filter((k) => k.point.values[gateAt] === on),
        }))
      : [{ label: "", className: "sweep-line-one", items: known }];
  const path = line<{ point: PagePoint; value: number }>()
    .x((k) => x(xOf(k.point)))
    .y((k) => y(k.value));
  const xTicks =
    swept === undefined
      ? [
          { at: 0, text: "off" },
          { at: 1, text: "on" },
        ]
      : x.ticks(Math.max(2, Math.floor(innerW / 80))).map((at) => ({ at, text: valueText(at) }));
  const thresholds = (answers ?? []).filter((a) => a.threshold !== null);
  return (
    <svg className="sweep-chart" width={innerW + MARGIN.left + MARGIN.right} height={CHART_HEIGHT}>
      <title>{`${figure.label} against ${swept === undefined ? "the gate" : dimensionName(swept)}`}</title>
      <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
        {y.ticks(4).map((at) => (
          <g key={at} transform={`translate(0,${y(at)})`} className="sweep-tick">
            <line x2={innerW} />
            <text x={-6} dy="0.32em" textAnchor="end">
              {tickText(at, figure.unit)}
            </text>
          </g>
        ))}
        {xTicks.map(({ at, text }) => (
          <text key={at} className="sweep-tick" x={x(at)} y={innerH + 16} textAnchor="middle">
            {text}
          </text>
        ))}
        <text className="sweep-axis" x={innerW} y={innerH + 30} textAnchor="end">
          {swept === undefined
            ? dimensionName(dimensions[gateAt] as Dimension)
            : dimensionName(swept)}
        </text>
        {thresholds.map((a) => (
          <g
            key={a.seed}
            className="sweep-threshold"
            transform={`translate(${x(a.threshold as number)},0)`}
          >
            <line y2={innerH} />
            <text x={4} y={10 + 12 * thresholds.indexOf(a)}>
              {`threshold ≈ ${valueText(a.threshold as number)}${thresholds.length > 1 ? ` (seed ${a.seed})` : ""}`}
            </text>
          </g>
        ))}
        {groups.map((group) => {
          const items = [...group.items].sort((a, b) => xOf(a.point) - xOf(b.point));
          return (
            <g key={group.className} className={group.className}>
              {xAt >= 0 && items.length > 1 ? <path d={path(items) ?? ""} /> : null}
              {items.map(({ point, value }) => (
                <PointMark
                  key={point.text}
                  point={point}
                  cx={x(xOf(point))}
                  cy={y(value)}
                  value={value}
                  figure={figure}
                  label={group.label}
                  {...links}
                />
              ))}
            </g>
          );
        })}
        {groups.length > 1 ? (
          <g className="sweep-legend" transform={`translate(${innerW - 150},-20)`}>
            {groups.map((group, g) => (
              <g
                key={group.className}
                className={group.className}
                transform={`translate(${g * 76},0)`}
              >
                <line x2={16} y1={6} y2={6} />
                <text x={20} y={10}>
                  {group.label}
                </text>
              </g>
            ))}
          </g>
        ) : null}
      </g>
    </svg>
  );
}

interface MarkProps {
  readonly point: PagePoint;
  readonly cx: number;
  readonly cy: number;
  readonly value: number;
  readonly figure: SweepFigure;
  readonly label: string;
  readonly hrefOf: (point: PagePoint) => string;
  readonly onPoint: (point: PagePoint | null) => void;
}

/** A point: a link to its run, in a new tab, that says its figures when hovered or focused. */
function PointMark({ point, cx, cy, value, figure, label, hrefOf, onPoint }: MarkProps) {
  const at = point.values.map(valueText);
  return (
    <a
      href={hrefOf(point)}
      target="_blank"
      rel="noopener"
      aria-label={`${at.join(", ")}${label === "" ? "" : ` (${label})`}: ${figure.label} ${formatFigure(value, figure.unit)}; opens the run in a new tab`}
      onMouseEnter={() => onPoint(point)}
      onFocus={() => onPoint(point)}
      onMouseLeave={() => onPoint(null)}
      onBlur={() => onPoint(null)}
    >
      <circle
        className="sweep-point"
        cx={cx}
        cy={cy}
        r={4}
        data-x={at.join(",")}
        data-figure={figure.id}
        data-value={String(value)}
      />
    </a>
  );
}
