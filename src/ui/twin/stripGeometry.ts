import { area, line, max, scaleLinear } from "d3";
import type { DivergenceSample } from "./divergence.ts";

// One row of the divergence strip: B − A over simulated time around a zero line, each row on its
// own symmetric scale (fallbacks count in thousands, p99 in seconds).

interface RowGeometry {
  zeroY: number;
  line: string;
  area: string;
}

export function rowGeometry(
  samples: readonly DivergenceSample[],
  metric: number,
  x: (tNs: number) => number,
  top: number,
  height: number,
): RowGeometry {
  const diff = (s: DivergenceSample) => s.differences[metric] ?? 0;
  const extent = max(samples, (s) => Math.abs(diff(s))) || 1;
  const y = scaleLinear([-extent, extent], [top + height - 2, top + 2]);
  const zeroY = y(0);
  return {
    zeroY,
    line:
      line<DivergenceSample>(
        (s) => x(s.tNs),
        (s) => y(diff(s)),
      )(samples) ?? "",
    area:
      area<DivergenceSample>(
        (s) => x(s.tNs),
        zeroY,
        (s) => y(diff(s)),
      )(samples) ?? "",
  };
}
