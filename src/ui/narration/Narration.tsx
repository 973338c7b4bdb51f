import { useNarration } from "./useNarration.ts";
import "./narration.css";

/** A polite live region that tells notable events as they happen, and a log of them to read back. */
export function Narration() {
  const { announcement, log } = useNarration();
  return (
    <div className="narration">
      <p className="wcl-visually-hidden" aria-live="polite" data-testid="narration-live">
        {announcement}
      </p>
      <details className="narration-log">
        <summary>What just happened ({log.length})</summary>
        {log.length === 0 ? (
          <p className="narration-empty">Nothing notable yet.</p>
        ) : (
          <ol reversed>
            {log.map((entry) => (
              <li key={entry.seq}>{entry.text}</li>
            ))}
          </ol>
        )}
      </details>
    </div>
  );
}
