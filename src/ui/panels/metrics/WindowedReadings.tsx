import { useStore } from "zustand";
import { type MetricsWindowStore, WINDOW_CHOICES } from "../../../state/metrics-window.ts";
import { promName } from "../../../state/prom-semantics.ts";
import { CodeBreaks } from "../../text/CodeBreaks.tsx";
import { consistentReadRows } from "./consistentReadRows.ts";
import { usePromSemantics } from "./usePromSemantics.ts";
import {
  firstSeenNote,
  formatPerSecond,
  formatWindowP99,
  p99Expression,
  promRange,
  rangeNote,
  windowedFigures,
} from "./windowedFigures.ts";

/**
 * The panel's figures over the chosen window, each under the PromQL that answers it; since the
 * start, only the expression (the figures below are the counters as they stand).
 */
export function WindowedReadings({
  store,
  run,
}: {
  store: MetricsWindowStore;
  run: string | undefined;
}) {
  const windowS = useStore(store, (state) => state.windowS);
  const scrapes = useStore(store, (state) => state.scrapes);
  const error = useStore(store, (state) => state.error);
  const [semantics] = usePromSemantics();
  if (windowS === 0) {
    return (
      <p className="wcl-muted wcl-promql">
        Since the start: the counters as they stand. p99 is{" "}
        <code className="wcl-mono">
          <CodeBreaks text={p99Expression(0, run)} />
        </code>
      </p>
    );
  }
  if (error !== null) return <p className="wcl-muted">The scrapes could not be read: {error}</p>;
  const mine = scrapes?.runs.find((one) => one.run === run);
  if (scrapes === null || mine === undefined) {
    return <p className="wcl-muted">Scraping the run every interval…</p>;
  }
  const figures = windowedFigures(mine, { atS: scrapes.atS, windowS, semantics });
  const engine = promName(semantics);
  const label =
    WINDOW_CHOICES.find((choice) => choice.windowS === windowS)?.label ??
    `last ${promRange(windowS)}`;
  const meanings = new Map(
    consistentReadRows(
      Object.fromEntries(figures.reads.map((r) => [`${r.success}/${r.fallback}`, 0])),
    ).map((row) => [`${row.success}/${row.fallback}`, row.meaning]),
  );
  return (
    <section
      className="wcl-windowed"
      aria-label={`Metrics over the ${label}`}
      data-at-s={scrapes.atS}
      data-prom={semantics}
    >
      <p>
        read-wait p99 over the {label}, as {engine}:{" "}
        <strong data-testid="windowed-p99">{formatWindowP99(figures.p99)}</strong>
      </p>
      <p className="wcl-promql">
        <code className="wcl-mono">
          <CodeBreaks text={figures.p99Expression} />
        </code>
      </p>
      {figures.reads.length > 0 && (
        <table className="wcl-series">
          <tbody>
            {figures.reads.map((reads) => (
              <tr key={`${reads.success}/${reads.fallback}`}>
                <td className="wcl-promql">
                  <code className="wcl-mono">
                    <CodeBreaks text={reads.expression} />
                  </code>
                </td>
                <td className="wcl-number" title={`as ${engine}`}>
                  {formatPerSecond(reads.perSecond)}
                </td>
                <td className="wcl-muted">{meanings.get(`${reads.success}/${reads.fallback}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {figures.firstSeen.length > 0 && (
        <ul className="wcl-muted">
          {figures.firstSeen.map((one) => (
            <li key={one.series} data-testid="first-seen">
              {firstSeenNote(one)}
            </li>
          ))}
        </ul>
      )}
      <p className="wcl-muted">
        Over samples scraped every {scrapes.stepS} s up to {scrapes.atS.toFixed(1)} s, as {engine}{" "}
        computes them (rate extrapolates to the window's edges). {rangeNote(semantics, label)}{" "}
        Below: since the start.
      </p>
    </section>
  );
}
