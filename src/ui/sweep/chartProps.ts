import type { Dimension } from "../../sweep/dimension.ts";
import type { SweepFigure } from "../../sweep/figures.ts";
import type { Answer } from "../../sweep/find.ts";
import type { PagePoint } from "./runPageSweep.ts";

// What a sweep's chart (a line chart or a heat map) is drawn from: shared by both, so neither
// imports the other.

export interface ChartProps {
  readonly figure: SweepFigure;
  /** The figure's index in SWEEP_FIGURES (a run's figures array). */
  readonly index: number;
  readonly dimensions: readonly Dimension[];
  readonly points: readonly PagePoint[];
  readonly answers: readonly Answer[] | null;
  readonly width: number;
  readonly hrefOf: (point: PagePoint) => string;
  readonly onPoint: (point: PagePoint | null) => void;
}

export const CHART_HEIGHT = 200;
