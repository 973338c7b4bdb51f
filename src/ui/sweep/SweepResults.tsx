import { memo, useDeferredValue, useRef, useState } from "react";
import { type Dimension, dimensionName, valueText } from "../../sweep/dimension.ts";
import type { Answer } from "../../sweep/find.ts";
import { useElementSize } from "../panels/shared/useElementSize.ts";
import { CamelBreaks } from "../text/CamelBreaks.tsx";
import { figureAt, figureById, figureIndex, formatFigure, unitWords } from "./pointFigures.ts";
import type { PagePoint } from "./runPageSweep.ts";
import { SweepChart } from "./SweepChart.tsx";
import { DEFAULT_FIGURES } from "./sweepKey.ts";
import type { SweepRunState } from "./useSweepRun.ts";

// What a sweep shows while it runs and after: progress, a search's answer, one chart per figure
// asked, the point under the pointer (or focus) with its figures, and every number as a table.

type Shown = Exclude<SweepRunState, { status: "idle" } | { status: "failed" }>;

const NO_POINTS: readonly PagePoint[] = [];

export function SweepResults({
  state,
  hrefOf,
}: {
  state: Shown;
  hrefOf: (p: PagePoint) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(box, { width: 560, height: 0 });
  const [hovered, setHovered] = useState<PagePoint | null>(null);
  const [table, setTable] = useState(false);
  const { sweep, progress, points } = state;
  const { plan } = sweep;
  // The charts draw a deferred copy of the points: React renders them in slices that yield to the
  // page, so a grid of hundreds of cells redrawn as runs come in makes no long task; and memo keeps
  // the progress line's and the pointer's renders from redrawing them at all. The first render
  // draws no point (the deferred render that follows draws them), so the click on Run sweep does
  // not also draw a grid's hundreds of cells in one task.
  const drawn = useDeferredValue(points, NO_POINTS);
  const ids = plottedIds(plan);
  const answers = state.status === "done" ? state.outcome.answers : null;
  const left =
    state.status === "running" && progress.done > 0 && progress.total > progress.done
      ? `, ${progress.upTo ? "at most " : ""}about ${Math.round((state.wallS * (progress.total - progress.done)) / progress.done)} s left`
      : "";
  const said = {
    running: `${progress.done} of ${progress.upTo ? "up to " : ""}${progress.total} runs, ${state.wallS.toFixed(1)} s so far${left}`,
    cancelled: `Cancelled after ${progress.done} runs (${state.wallS.toFixed(1)} s); the points run are kept`,
    done: `${progress.done} runs in ${state.wallS.toFixed(1)} s`,
  }[state.status];
  const at = (point: PagePoint) =>
    plan.dimensions
      .map((d, i) => {
        const v = point.values[i];
        return `${dimensionName(d)}=${valueText(v as number | boolean)}`;
      })
      .join(", ");
  return (
    <div className="sweep-results" ref={box}>
      <p
        className="sweep-progress"
        role="status"
        data-status={state.status}
        data-done={progress.done}
      >
        <progress max={progress.total} value={progress.done} aria-label="Runs done" />
        <span>{said}</span>
      </p>
      {answers === null ? null : (
        <ul className="sweep-answers">
          {answers.map((answer) => (
            <li key={answer.seed}>
              {answerWords(
                answer,
                plan.find?.predicate.text ?? "",
                dimensionName(plan.dimensions[0] as Dimension),
              )}
            </li>
          ))}
        </ul>
      )}
      <SweepCharts
        sweep={sweep}
        points={drawn}
        answers={answers}
        width={Math.min(width, 900)}
        hrefOf={hrefOf}
        onPoint={setHovered}
      />
      <p className="sweep-hover" aria-live="polite">
        {hovered === null
          ? "Hover or focus a point for its figures; click it to open that run in a new tab."
          : `${at(hovered)}: ${ids
              .map((id) => {
                const figure = figureById(id);
                return figure === undefined
                  ? ""
                  : `${figure.label} ${formatFigure(figureAt(hovered, figureIndex(id)), figure.unit)}`;
              })
              .join(" · ")}`}
      </p>
      <button type="button" aria-expanded={table} onClick={() => setTable(!table)}>
        {table ? "Hide the numbers" : "Show the numbers"}
      </button>
      {table ? <SweepTable state={state} ids={ids} hrefOf={hrefOf} /> : null}
    </div>
  );
}

interface ChartsProps {
  readonly sweep: Shown["sweep"];
  readonly points: readonly PagePoint[];
  readonly answers: readonly Answer[] | null;
  readonly width: number;
  readonly hrefOf: (p: PagePoint) => string;
  readonly onPoint: (p: PagePoint | null) => void;
}

/** The figures a sweep plots: a search's tested figure, or those asked (a few by default). */
function plottedIds(plan: Shown["sweep"]["plan"]): string[] {
  const asked =
    plan.find !== null ? [plan.find.predicate.figure] : (plan.figures ?? DEFAULT_FIGURES);
  return asked.filter((id) => figureIndex(id) >= 0);
}

const SweepCharts = memo(function SweepCharts({
  sweep,
  points,
  answers,
  width,
  hrefOf,
  onPoint,
}: ChartsProps) {
  return plottedIds(sweep.plan).map((id) => {
    const figure = figureById(id);
    if (figure === undefined) return null;
    return (
      <section key={id} className="sweep-figure" aria-label={figure.label}>
        <h3>
          {figure.label}
          {unitWords(figure.unit) === "" ? "" : ` (${unitWords(figure.unit)})`}
        </h3>
        <SweepChart
          figure={figure}
          index={figureIndex(id)}
          dimensions={sweep.plan.dimensions}
          points={points}
          answers={answers}
          width={width}
          hrefOf={hrefOf}
          onPoint={onPoint}
        />
      </section>
    );
  });
});

function answerWords(answer: Answer, test: string, key: string): string {
  const seed = `seed ${answer.seed}`;
  const monotone =
    answer.turns.length === 0
      ? ` Monotone at every point run (${answer.runs} runs).`
      : ` NOT monotone: the test changes back at ${answer.turns.join(", ")}.`;
  if (answer.bracket === null)
    return `${test} ${answer.answer} (${seed}); no threshold in this range.${monotone}`;
  const [low, high] = answer.bracket;
  return `${test} changes between ${key}=${valueText(low.value)} and ${key}=${valueText(high.value)}: threshold ≈ ${valueText(answer.threshold as number)} (${seed}).${monotone}`;
}

function SweepTable({
  state,
  ids,
  hrefOf,
}: {
  state: Shown;
  ids: readonly string[];
  hrefOf: (p: PagePoint) => string;
}) {
  const { plan } = state.sweep;
  const seeded = state.sweep.seeds.length > 1;
  return (
    <div className="sweep-table-box">
      <table className="sweep-table">
        <caption>
          {seeded ? "Each figure is the median over the seeds" : "Each point's figures"}, as the
          command line's CSV gives them
        </caption>
        <thead>
          <tr>
            {plan.dimensions.map((d) => (
              <th key={dimensionName(d)} scope="col">
                <CamelBreaks text={dimensionName(d)} />
              </th>
            ))}
            {ids.map((id) => (
              <th key={id} scope="col" data-figure={id}>
                {id}
              </th>
            ))}
            <th scope="col">run</th>
          </tr>
        </thead>
        <tbody>
          {state.points.map((point) => (
            <tr key={point.text}>
              {point.values.map((v, i) => (
                <th
                  key={dimensionName(plan.dimensions[i] as Dimension)}
                  scope="row"
                  data-value={String(v)}
                >
                  {valueText(v)}
                </th>
              ))}
              {ids.map((id) => {
                const figure = figureById(id);
                const value = figureAt(point, figureIndex(id));
                return (
                  <td
                    key={id}
                    data-figure={id}
                    data-value={value === undefined || value === null ? "" : String(value)}
                  >
                    {figure === undefined ? "" : formatFigure(value, figure.unit)}
                  </td>
                );
              })}
              <td>
                <a href={hrefOf(point)} target="_blank" rel="noopener">
                  open
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
