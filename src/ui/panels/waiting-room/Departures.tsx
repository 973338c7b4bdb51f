import type { OutcomeView } from "../../../sim/snapshot.ts";
import { formatDuration } from "../shared/format.ts";
import { outcomeStyles } from "../shared/outcomes.ts";
import { readKindStyles } from "../shared/readKinds.ts";
import { describeDeparture } from "./describeWaiter.ts";
import { recentDepartures } from "./waiterProgress.ts";

const SHOWN = 5;

/** The last reads to leave the room: woken by the cache catching up, or stopped by the wall. */
export function Departures({ outcomes }: { outcomes: readonly OutcomeView[] }) {
  const departures = recentDepartures(outcomes, SHOWN);
  if (departures.length === 0) {
    return <p className="wcl-muted">No read has left the room yet.</p>;
  }
  return (
    <ul className="wcl-departures" aria-label="Recently left the waiting room">
      {departures.map(({ outcome, departure }) => (
        <li key={outcome.id} title={describeDeparture(outcome)} className="wcl-departure">
          <span className={`wcl-departure__badge wcl-departure__badge--${departure}`}>
            {departure === "served" ? "✓ served" : "⟂ hit the wall"}
          </span>{" "}
          {readKindStyles[outcome.kind].label} after {formatDuration(outcome.waitedNs)}
          {departure === "wall" && ` → ${outcomeStyles[outcome.outcome].label}`}
        </li>
      ))}
    </ul>
  );
}
