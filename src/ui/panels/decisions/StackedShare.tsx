import { formatPercent } from "../shared/format.ts";
import { outcomeStyles } from "../shared/outcomes.ts";
import type { DecisionRow } from "./decisionsTable.ts";

/** A thin bar split by outcome, left (served) to right (failed). */
export function StackedShare({ row }: { row: DecisionRow }) {
  return (
    <span className="wcl-stack" aria-hidden="true">
      {row.cells
        .filter((cell) => cell.count > 0)
        .map((cell) => (
          <span
            key={cell.outcome}
            className="wcl-stack__part"
            title={`${outcomeStyles[cell.outcome].label}: ${formatPercent(cell.count, row.total)}`}
            style={{
              flexGrow: cell.count,
              background: outcomeStyles[cell.outcome].colour,
            }}
          />
        ))}
    </span>
  );
}
