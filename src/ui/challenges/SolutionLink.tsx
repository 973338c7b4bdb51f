import { useEffect, useState } from "react";
import type { Challenge } from "../../content/challenges/challenge.ts";
import type { Verdict } from "../../content/challenges/judge.ts";
import { solutionAddress } from "./open-challenge.ts";
import { useProgress } from "./useProgress.ts";

const COPIED_FOR_MS = 2000;

/** Copies the link that replays the learner's solution to "solved"; there once it is solved. */
export function SolutionLink({ challenge, verdict }: { challenge: Challenge; verdict: Verdict }) {
  const saved = useProgress((state) => state.solved[challenge.id]);
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    if (status === null) return;
    const timer = setTimeout(() => setStatus(null), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [status]);
  if (saved === undefined) return null;
  const address = solutionAddress(window.location, challenge, saved.query);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setStatus("copied");
    } catch {
      window.history.replaceState(null, "", address);
      setStatus("link in the address bar");
    }
  };
  return (
    <span className="challenge-share">
      <button
        type="button"
        onClick={copy}
        data-solution={address}
        title={
          verdict.kind === "solved"
            ? "Copy a link that replays this run to solved"
            : "Copy a link that replays your saved solution to solved"
        }
      >
        Share solution
      </button>
      <span role="status" className="share-status">
        {status ?? ""}
      </span>
    </span>
  );
}
