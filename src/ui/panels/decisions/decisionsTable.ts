import type { Outcome, ReadKind, SimSnapshot } from "../../../model/index.ts";
import { outcomeOrder } from "../shared/outcomes.ts";
import { readKindOrder } from "../shared/readKinds.ts";

export interface DecisionCell {
  outcome: Outcome;
  count: number;
}

export interface DecisionRow {
  /** null for the all-kinds total row. */
  kind: ReadKind | null;
  cells: DecisionCell[];
  total: number;
}

function rowOf(kind: ReadKind | null, counts: (outcome: Outcome) => number): DecisionRow {
  const cells = outcomeOrder.map((outcome) => ({ outcome, count: counts(outcome) }));
  return { kind, cells, total: cells.reduce((sum, cell) => sum + cell.count, 0) };
}

/**
 * One row per read kind that has seen any request (a kind the scenario never sends would only add
 * a row of zeros), then a total row.
 */
export function decisionsTable(outcomes: SimSnapshot["outcomes"]): DecisionRow[] {
  const rows = readKindOrder
    .map((kind) => rowOf(kind, (outcome) => outcomes[kind][outcome]))
    .filter((row) => row.total > 0);
  const total = rowOf(null, (outcome) =>
    rows.reduce(
      (sum, row) => sum + (row.cells.find((cell) => cell.outcome === outcome)?.count ?? 0),
      0,
    ),
  );
  return rows.length === 0 ? [] : [...rows, total];
}

/**
 * The outcomes at least one read had, in table order. Columns of zeros only widen the table past a
 * narrow panel; the outcomes nobody had yet are named under it instead.
 */
export function seenOutcomes(rows: readonly DecisionRow[]): Outcome[] {
  return outcomeOrder.filter((outcome) =>
    rows.some((row) => row.cells.some((cell) => cell.outcome === outcome && cell.count > 0)),
  );
}
