import { interpolateViridis, scaleBand, scaleSequential } from "d3";
import type { NumberDimension } from "../../sweep/dimension.ts";
import { dimensionName, valueText } from "../../sweep/dimension.ts";
import { CHART_HEIGHT, type ChartProps } from "./chartProps.ts";
import { figureAt, formatFigure } from "./pointFigures.ts";
import type { PagePoint } from "./runPageSweep.ts";

// Two keys swept: one cell per point, the first key across, the second up, the figure's value as a
// colour (viridis: dark low, yellow high, legible in grey too); with a gate swept as well, one map
// for the gate off and one for on, on one colour scale so the two compare.

const MARGIN = { left: 56, right: 14, top: 22, bottom: 34 };

export function SweepHeatMap({
  figure,
  index,
  dimensions,
  points,
  width,
  hrefOf,
  onPoint,
}: ChartProps) {
  const [across, up] = dimensions.flatMap((d, i) => (d.kind === "number" ? [{ d, i }] : [])) as [
    { d: NumberDimension; i: number },
    { d: NumberDimension; i: number },
  ];
  const gateAt = dimensions.findIndex((d) => d.kind === "gate");
  const maps = gateAt >= 0 ? [false, true] : [null];
  const innerW = Math.max(120, width - MARGIN.left - MARGIN.right);
  const mapW = maps.length === 1 ? innerW : (innerW - 16) / 2;
  const innerH = CHART_HEIGHT + 40 - MARGIN.top - MARGIN.bottom;
  const values = points.flatMap((p) => {
    const v = figureAt(p, index);
    return typeof v === "number" ? [v] : [];
  });
  const low = Math.min(...values, 0);
  const high = Math.max(...values, low + 1);
  const colour = scaleSequential(interpolateViridis).domain([low, high]);
  const x = scaleBand<number>().domain(across.d.values).range([0, mapW]).padding(0.04);
  const y = scaleBand<number>().domain(up.d.values).range([innerH, 0]).padding(0.04);
  const ends = (d: NumberDimension) => [d.values[0], d.values[d.values.length - 1]] as number[];
  return (
    <figure className="sweep-heat">
      <svg
        className="sweep-chart"
        width={innerW + MARGIN.left + MARGIN.right}
        height={innerH + MARGIN.top + MARGIN.bottom}
      >
        <title>{`${figure.label} over ${dimensionName(across.d)} and ${dimensionName(up.d)}`}</title>
        <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
          {ends(up.d).map((v) => (
            <text
              key={v}
              className="sweep-tick"
              x={-6}
              y={(y(v) ?? 0) + y.bandwidth() / 2}
              dy="0.32em"
              textAnchor="end"
            >
              {valueText(v)}
            </text>
          ))}
          <text
            className="sweep-axis"
            transform={`translate(${-MARGIN.left + 12},${innerH / 2}) rotate(-90)`}
            textAnchor="middle"
          >
            {dimensionName(up.d)}
          </text>
          {maps.map((on, m) => (
            <g key={String(on)} transform={`translate(${m * (mapW + 16)},0)`}>
              {on === null ? null : (
                <text className="sweep-axis" y={-8}>{`gate ${on ? "on" : "off"}`}</text>
              )}
              {points
                .filter((p) => on === null || p.values[gateAt] === on)
                .map((p) => (
                  <Cell
                    key={p.text}
                    point={p}
                    x={x(p.values[across.i] as number) ?? 0}
                    y={y(p.values[up.i] as number) ?? 0}
                    w={x.bandwidth()}
                    h={y.bandwidth()}
                    value={figureAt(p, index)}
                    fill={colour}
                    label={`${dimensionName(across.d)}=${valueText(p.values[across.i] as number)}, ${dimensionName(up.d)}=${valueText(p.values[up.i] as number)}${on === null ? "" : `, gate ${on ? "on" : "off"}`}`}
                    figureId={figure.id}
                    text={(v) => formatFigure(v, figure.unit)}
                    href={hrefOf(p)}
                    onPoint={onPoint}
                  />
                ))}
              {ends(across.d).map((v) => (
                <text
                  key={v}
                  className="sweep-tick"
                  x={(x(v) ?? 0) + x.bandwidth() / 2}
                  y={innerH + 16}
                  textAnchor="middle"
                >
                  {valueText(v)}
                </text>
              ))}
              <text className="sweep-axis" x={mapW / 2} y={innerH + 30} textAnchor="middle">
                {dimensionName(across.d)}
              </text>
            </g>
          ))}
        </g>
      </svg>
      <figcaption className="sweep-scale">
        <span>{formatFigure(low, figure.unit)}</span>
        <span className="sweep-ramp" aria-hidden="true" />
        <span>{formatFigure(high, figure.unit)}</span>
      </figcaption>
    </figure>
  );
}

interface CellProps {
  readonly point: PagePoint;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly value: number | null | undefined;
  readonly fill: (value: number) => string;
  readonly label: string;
  readonly figureId: string;
  readonly text: (value: number | null | undefined) => string;
  readonly href: string;
  readonly onPoint: (point: PagePoint | null) => void;
}

function Cell({ point, x, y, w, h, value, fill, label, figureId, text, href, onPoint }: CellProps) {
  const known = typeof value === "number";
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      aria-label={`${label}: ${text(value)}; opens the run in a new tab`}
      onMouseEnter={() => onPoint(point)}
      onFocus={() => onPoint(point)}
      onMouseLeave={() => onPoint(null)}
      onBlur={() => onPoint(null)}
    >
      <rect
        className={known ? "sweep-cell" : "sweep-cell sweep-cell-empty"}
        x={x}
        y={y}
        width={w}
        height={h}
        fill={known ? fill(value) : undefined}
        data-x={point.values.map(valueText).join(",")}
        data-figure={figureId}
        data-value={known ? String(value) : ""}
      />
    </a>
  );
}
