import type { OutcomeView } from "../../model/index.ts";
import { formatWaited } from "../panels/shared/format.ts";
import { outcomeStyles } from "../panels/shared/outcomes.ts";
import { readKindStyles } from "../panels/shared/readKinds.ts";

/**
 * The newest answers of traced reads, one per read, newest first. (RV=0 reads a ready cache answers
 * at once are never traced: the simulation counts them in bulk, as they cannot wait.)
 */
export function recentReads(
  outcomes: readonly OutcomeView[],
  traced: ReadonlySet<number>,
): OutcomeView[] {
  const seen = new Set<number>();
  const reads: OutcomeView[] = [];
  for (let i = outcomes.length - 1; i >= 0; i--) {
    const o = outcomes[i] as OutcomeView;
    if (seen.has(o.id) || !traced.has(o.id)) continue;
    seen.add(o.id);
    reads.push(o);
  }
  return reads;
}

interface RecentReadPickerProps {
  outcomes: readonly OutcomeView[];
  traced: ReadonlySet<number>;
  onSelect(id: number): void;
}

/** Picks any recent read to follow, not only those that waited. */
export function RecentReadPicker({ outcomes, traced, onSelect }: RecentReadPickerProps) {
  const reads = recentReads(outcomes, traced);
  if (reads.length === 0) return null;
  return (
    <label className="wcl-follow__pick">
      or a recent answer{" "}
      <select value="" onChange={(event) => onSelect(Number(event.target.value))}>
        <option value="">pick one…</option>
        {reads.map((o) => (
          <option key={o.id} value={o.id}>
            #{o.id} {readKindStyles[o.kind].label}: {outcomeStyles[o.outcome].label}
            {o.waitedNs > 0 ? `, waited ${formatWaited(o.waitedNs)}` : ""}
          </option>
        ))}
      </select>
    </label>
  );
}
