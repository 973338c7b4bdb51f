import type { Challenge } from "../../content/challenges/challenge.ts";
import { useProgress } from "./useProgress.ts";

/** The hints shown so far (kept in the browser), and a button for the next one. */
export function ChallengeHints({ challenge }: { challenge: Challenge }) {
  const shown = useProgress((state) => state.hints[challenge.id] ?? 0);
  const showNextHint = useProgress((state) => state.showNextHint);
  const { hints } = challenge;
  return (
    <div className="challenge-hints">
      {shown > 0 && (
        <ol className="challenge-hint-list" aria-label="Hints">
          {hints.slice(0, shown).map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </ol>
      )}
      {shown < hints.length ? (
        <button type="button" onClick={() => showNextHint(challenge.id, hints.length)}>
          {shown === 0 ? "Show a hint" : "Show the next hint"} ({shown + 1} of {hints.length})
        </button>
      ) : (
        <p className="challenge-note">All {hints.length} hints shown.</p>
      )}
    </div>
  );
}
