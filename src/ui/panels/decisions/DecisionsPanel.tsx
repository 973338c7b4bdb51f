import { memo, useMemo } from "react";
import type { SimSnapshot } from "../../../model/index.ts";
import { formatCount, formatPercent } from "../shared/format.ts";
import { outcomeOrder, outcomeStyles } from "../shared/outcomes.ts";
import { snapshotPanel } from "../shared/PanelFrame.tsx";
import { readKindStyles } from "../shared/readKinds.ts";
import { decisionsTable, seenOutcomes } from "./decisionsTable.ts";
import { RequestUnits } from "./RequestUnits.tsx";
import { StackedShare } from "./StackedShare.tsx";

const CAPTION =
  "Where each kind of read was answered since the start: straight from the cache, from the cache " +
  "after a wait, by etcd, or turned away at the wall (fallback, 429, 504) or as too old (410).";

export const DecisionsPanel = snapshotPanel("decisions", CAPTION, ({ snapshot }) => (
  <>
    <RequestUnits requests={snapshot.requests} />
    <DecisionsBody outcomes={snapshot.outcomes} />
  </>
));

// Memoised on the counts object alone: a frame that reuses it skips the table entirely.
const DecisionsBody = memo(function DecisionsBody({
  outcomes,
}: {
  outcomes: SimSnapshot["outcomes"];
}) {
  const rows = useMemo(() => decisionsTable(outcomes), [outcomes]);
  if (rows.length === 0) return <p className="wcl-calm">No read has been answered yet.</p>;
  const seen = seenOutcomes(rows);
  const unseen = outcomeOrder.filter((outcome) => !seen.includes(outcome));
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a narrow panel cuts the table off, and a keyboard must be able to scroll it */}
      <section className="wcl-table-scroll" tabIndex={0} aria-label="Decisions by read kind">
        <table className="wcl-decisions">
          <thead>
            <tr>
              <th scope="col">read kind</th>
              {seen.map((outcome) => (
                <th key={outcome} scope="col" title={outcomeStyles[outcome].label}>
                  <span
                    className="wcl-swatch"
                    style={{ background: outcomeStyles[outcome].colour }}
                    aria-hidden="true"
                  />
                  {outcomeStyles[outcome].shortLabel}
                </th>
              ))}
              <th scope="col">total</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.kind ?? "total"}
                className={row.kind === null ? "wcl-decisions__total" : ""}
              >
                <th scope="row">
                  {row.kind === null ? "all reads" : readKindStyles[row.kind].label}
                  <StackedShare row={row} />
                </th>
                {row.cells
                  .filter((cell) => seen.includes(cell.outcome))
                  .map((cell) => (
                    <td key={cell.outcome} className={cell.count === 0 ? "wcl-zero" : ""}>
                      {cell.count === 0 ? (
                        "·"
                      ) : (
                        <>
                          {formatCount(cell.count)}{" "}
                          <span className="wcl-share">{formatPercent(cell.count, row.total)}</span>
                        </>
                      )}
                    </td>
                  ))}
                <td>{formatCount(row.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {unseen.length > 0 && (
        <p className="wcl-muted">
          None so far: {unseen.map((outcome) => outcomeStyles[outcome].label).join(", ")}.
        </p>
      )}
    </>
  );
});
