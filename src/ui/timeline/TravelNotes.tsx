import { useEffect } from "react";
import { useApp } from "../../state/useApp.ts";
import { useTravel } from "../../state/useTravel.ts";
import { formatClock } from "../controls/clockSeconds.ts";

/** Says where a change made in the past forked the run, and what a breakpoint stopped on. */
export function TravelNotes() {
  const forkedAtNs = useTravel((s) => s.forkedAtNs);
  const breakReason = useTravel((s) => s.breakReason);
  const breakAtNs = useTravel((s) => s.breakAtNs);
  const dismissFork = useTravel((s) => s.dismissFork);
  const dismissBreak = useTravel((s) => s.dismissBreak);
  const playing = useApp((s) => s.playing);
  // The note about a breakpoint belongs to the pause it caused.
  useEffect(() => {
    if (playing) dismissBreak();
  }, [playing, dismissBreak]);
  return (
    <div className="travel-notes" role="status">
      {forkedAtNs !== null && (
        <p className="travel-note">
          Forked at {formatClock(forkedAtNs)}: later changes discarded.{" "}
          <button type="button" onClick={dismissFork} aria-label="Dismiss the note about the fork">
            ×
          </button>
        </p>
      )}
      {breakReason !== null && (
        <p className="travel-note" data-testid="break-note">
          {/* The clock's own wording of the moment: the note and the clock read the same time. */}
          Paused at {formatClock(breakAtNs ?? 0)}: {breakReason}.{" "}
          <button
            type="button"
            onClick={dismissBreak}
            aria-label="Dismiss the note about the pause"
          >
            ×
          </button>
        </p>
      )}
    </div>
  );
}
