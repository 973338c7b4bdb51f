import type { Outcome, ReadKind, SimSnapshot } from "../../model/index.ts";
import { formatCount } from "../../ui/panels/shared/format.ts";
import { count, finished } from "../observables.ts";

// Answers of the form "most reads of this kind end like this": a group of outcomes holds when it
// counts more than half of the kind's finished reads. Two groups can never both hold, and the
// verdict does not depend on how finely the page samples the run.

export function countOf(snapshot: SimSnapshot, kind: ReadKind, outcomes: readonly Outcome[]) {
  return outcomes.reduce((sum, outcome) => sum + count(snapshot, kind, outcome), 0);
}

export const mostEnd =
  (kind: ReadKind, outcomes: readonly Outcome[]) =>
  (snapshot: SimSnapshot): boolean =>
    countOf(snapshot, kind, outcomes) * 2 > finished(snapshot, kind);

/** "1,079 of 1,079 consistent reads finished: 1,079 fell back" — the figures of a majority answer. */
export function outcomeEvidence(kind: ReadKind, label: string, groups: readonly Group[]) {
  return (snapshot: SimSnapshot): string => {
    const parts = groups
      .map((group) => ({ group, n: countOf(snapshot, kind, group.outcomes) }))
      .filter(({ n }) => n > 0)
      .map(({ group, n }) => `${formatCount(n)} ${group.said}`);
    const total = formatCount(finished(snapshot, kind));
    return `${total} ${label} finished${parts.length > 0 ? `: ${parts.join(", ")}` : ""}.`;
  };
}

export interface Group {
  outcomes: readonly Outcome[];
  /** How the evidence line counts this group: "fell back to etcd". */
  said: string;
}
