import { READ_MIX_KINDS, type ReadMixKind } from "../scenario/index.ts";
import { list, noArrivals, type RecordedArrivals } from "../world/open-loop.ts";
import type { ListRequest, Script, ScriptRequest } from "./format.ts";

// A script's writes and LISTs as the open loop's recorded arrivals (world/open-loop.ts), so a
// script runs through the same sources, in the same order, as the scenario it was exported from.
// Its gets and watches, which no scenario source makes, run in script-clients.ts.

/** The script's LISTs, in order. */
export const listsOf = (script: Script): ListRequest[] =>
  script.requests.filter((r: ScriptRequest): r is ListRequest => r.verb === "list");

/** The open-loop source a request arrives through; its options are the script's own. */
export function kindOf(request: ListRequest): ReadMixKind {
  if (request.rvm === "NotOlderThan") return "notOlderThan";
  if (request.rvm === "Exact") return "exact";
  if (request.rv === "") return "consistent";
  if (request.rv === "0") return "rv0";
  return "exact"; // a legacy exact read: an RV with a limit and no match
}

export function arrivalsOfScript(script: Script): RecordedArrivals {
  const arrivals = noArrivals();
  for (const op of script.timeline) {
    if (op.op === "write") arrivals.writes.push({ atNs: op.atNs, pod: op.pod });
    if (op.op === "otherWrite") arrivals.otherWrites.push(op.atNs);
  }
  for (const r of listsOf(script)) {
    arrivals.reads[kindOf(r)].push({ atNs: r.atNs, opts: list(r.rv, r.rvm, r.limit) });
  }
  return arrivals;
}

/** The script ids of each source's requests, in the order the source fires them. */
export function idsByKind(script: Script): Map<ReadMixKind, string[]> {
  const ids = new Map<ReadMixKind, string[]>(READ_MIX_KINDS.map((k) => [k, []]));
  for (const r of listsOf(script)) ids.get(kindOf(r))?.push(r.id);
  return ids;
}
