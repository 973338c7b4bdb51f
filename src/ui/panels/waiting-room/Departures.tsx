import type { OutcomeView, WallView } from "../../../model/index.ts";
import { formatDuration } from "../shared/format.ts";
import { outcomeStyles } from "../shared/outcomes.ts";
import { readKindStyles } from "../shared/readKinds.ts";
import { describeDeparture } from "./describeWaiter.ts";
import { recentDepartures } from "./waiterProgress.ts";

const SHOWN = 5;

interface DeparturesProps {
  outcomes: readonly OutcomeView[];
  /** Which answers mean a read was stopped by the wall. */
  wall: WallView;
  /** A click follows the read in the code pane, when the page has one. */
  onSelect?: ((id: number) => void) | undefined;
  /** Reads whose steps were recorded: only those can be followed. */
  traced?: readonly number[] | undefined;
}

/** The last reads to leave the room: woken by the cache catching up, or stopped by the wall. */
export function Departures({ outcomes, wall, onSelect, traced = [] }: DeparturesProps) {
  const departures = recentDepartures(outcomes, wall, SHOWN);
  if (departures.length === 0) {
    // The recent answers are a short window: under heavy RV=0 traffic none of them may have waited.
    const message =
      outcomes.length === 0
        ? "No read has left the room yet."
        : `None of the last ${outcomes.length} ${outcomes.length === 1 ? "answer" : "answers"} had waited.`;
    return <p className="wcl-muted">{message}</p>;
  }
  return (
    <ul className="wcl-departures" aria-label="Recently left the waiting room">
      {departures.map(({ outcome, departure }) => {
        const words = (
          <>
            <span className={`wcl-departure__badge wcl-departure__badge--${departure}`}>
              {departure === "served" ? "✓ served" : "⊥ hit the wall"}
            </span>{" "}
            {readKindStyles[outcome.kind].label} after {formatDuration(outcome.waitedNs)}
            {departure === "wall" && ` → ${outcomeStyles[outcome.outcome].label}`}
          </>
        );
        return (
          <li key={outcome.id} title={describeDeparture(outcome)} className="wcl-departure">
            {onSelect === undefined || !traced.includes(outcome.id) ? (
              words
            ) : (
              <button
                type="button"
                className="wcl-departure__follow"
                onClick={() => onSelect(outcome.id)}
              >
                {/* The name holds the visible words, so speech input can say them. */}
                <span className="wcl-visually-hidden">Follow read #{outcome.id}:</span> {words}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
