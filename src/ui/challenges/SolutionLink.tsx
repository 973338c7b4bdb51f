import type { Challenge } from "../../content/challenges/challenge.ts";
import type { Verdict } from "../../content/challenges/judge.ts";
import { useCopyLink } from "../export/useCopyLink.ts";
import { solutionAddress } from "./open-challenge.ts";
import { useProgress } from "./useProgress.ts";

/** Copies the link that replays the learner's solution to "solved"; there once it is solved. */
export function SolutionLink({ challenge, verdict }: { challenge: Challenge; verdict: Verdict }) {
  const saved = useProgress((state) => state.solved[challenge.id]);
  const [status, copyLink] = useCopyLink();
  if (saved === undefined) return null;
  const address = solutionAddress(window.location, challenge, saved.query);
  return (
    <span className="challenge-share">
      <button
        type="button"
        onClick={() => copyLink(address)}
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
