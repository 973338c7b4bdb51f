import { useStore } from "zustand";
import type { SimSnapshot } from "../../model/index.ts";
import { WINDOW_CHOICES } from "../../state/metrics-window.ts";
import { promName } from "../../state/prom-semantics.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { usePromSemantics } from "../panels/metrics/usePromSemantics.ts";
import { WindowPicker } from "../panels/metrics/WindowPicker.tsx";
import { rangeNote } from "../panels/metrics/windowedFigures.ts";
import {
  type DecisionFigure,
  type DecisionGroup,
  type DecisionRow,
  decisionRows,
  GROUP_TITLES,
} from "./decisionRows.ts";
import { decisionWindow } from "./decisionWindow.ts";

const GROUPS: readonly DecisionGroup[] = ["clients", "etcd", "apiserver"];

/**
 * What the twin's difference trades, run by run: the clients' waiting and failures against etcd's
 * work and the apiserver's memory, since the start and over the Metrics window, one table each
 * (side by side where both fit, one over the other on a phone).
 */
export function DecisionTable({ pair }: { pair: readonly [SimSnapshot, SimSnapshot] }) {
  const store = useRuntime().metricsWindow;
  const state = useStore(store);
  const [semantics] = usePromSemantics();
  const shown = decisionWindow(state, ["A", "B"], semantics);
  const rows = decisionRows(
    pair.map((snapshot, i) => ({ snapshot, scrapes: shown.scrapes[i] ?? null })),
    shown.window,
  );
  const label = WINDOW_CHOICES.find((choice) => choice.windowS === state.windowS)?.label ?? "";
  return (
    <section className="decision" aria-label="What the change trades">
      <div className="decision-head">
        <h2>What the change trades</h2>
        <WindowPicker store={store} />
      </div>
      <div className="decision-tables">
        <FigureTable title="since the start" rows={rows} cells={(row) => row.since} />
        {shown.window !== null && (
          <FigureTable
            title={`over the ${label} (${promName(semantics)})`}
            rows={rows}
            cells={(row) => row.window ?? []}
          />
        )}
      </div>
      <p className="twin-note">
        {windowNote(state.windowS, shown.atS, state.stepS, shown.pending)}
        {shown.window !== null && !shown.pending && ` ${rangeNote(semantics, label)}`}
      </p>
    </section>
  );
}

function FigureTable({
  title,
  rows,
  cells,
}: {
  title: string;
  rows: readonly DecisionRow[];
  cells: (row: DecisionRow) => readonly DecisionFigure[];
}) {
  return (
    <table className="twin-table decision-table">
      <caption>{title}, A vs B</caption>
      <thead>
        <tr>
          <th scope="col">figure</th>
          <th scope="col">A</th>
          <th scope="col">B</th>
        </tr>
      </thead>
      {GROUPS.map((group) => (
        <tbody key={group}>
          <tr>
            <th scope="rowgroup" colSpan={3} className="decision-group">
              {GROUP_TITLES[group]}
            </th>
          </tr>
          {rows
            .filter((row) => row.group === group)
            .map((row) => (
              <tr key={row.id} data-row={row.id}>
                <th scope="row">{row.label}</th>
                {cells(row).map((cell, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are the runs, A then B
                  <td key={i}>{cell.text}</td>
                ))}
              </tr>
            ))}
        </tbody>
      ))}
    </table>
  );
}

function windowNote(windowS: number, atS: number | null, stepS: number, pending: boolean): string {
  if (windowS === 0) {
    return "Since the start: the model's own counts. Choose a window to read the same figures as PromQL answers them over the last minutes.";
  }
  if (pending || atS === null) return "Scraping both runs for the window…";
  return (
    `Over the window: PromQL over scrapes every ${stepS} s up to ${atS.toFixed(1)} s ` +
    "(increase() extrapolates to the window's edges; a peak is the largest value scraped; " +
    '"no data": no series of it has two scrapes in the window, as Grafana shows it).'
  );
}
