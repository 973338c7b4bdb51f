import { useState } from "react";
import type { Challenge } from "../../content/challenges/challenge.ts";
import { CHALLENGES } from "../../content/challenges/index.ts";
import type { Verdict } from "../../content/challenges/judge.ts";
import { CHAPTERS } from "../../content/tour/chapters/index.ts";
import { encodeScenario, SCENARIO_KEYS, toSeconds } from "../../model/index.ts";
import { restartScenario } from "../../state/restart-scenario.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { useApp } from "../../state/use-app.ts";
import { ChallengeHints } from "./ChallengeHints.tsx";
import { openChallenge } from "./open-challenge.ts";
import { SolutionLink } from "./SolutionLink.tsx";
import { TrialField } from "./TrialField.tsx";
import { useVerdict } from "./use-verdict.ts";
import { useProgress } from "./useProgress.ts";

const labelOf = (key: string) => SCENARIO_KEYS[key as keyof typeof SCENARIO_KEYS]?.label ?? key;

function verdictText(verdict: Verdict, windowS: number): string {
  switch (verdict.kind) {
    case "trying":
      return `Not yet: the check runs on every frame, up to ${windowS} s.`;
    case "checking":
      return `Checking… the goal held at ${toSeconds(verdict.atNs).toFixed(1)} s; the model now runs your scenario to confirm it.`;
    case "solved":
      return `Solved at ${toSeconds(verdict.atNs).toFixed(1)} s${verdict.note === "" ? "." : `: ${verdict.note}`}`;
    case "missed":
      return `Not this run: ${verdict.reason}. Change what you may and try again from 0 s, or start over.`;
    case "checkFailed":
      return `The check could not run: ${verdict.reason}. Try again from 0 s.`;
    case "offLimits":
      return `Off limits: ${verdict.keys.map(labelOf).join(", ")} changed, and the challenge locks ${verdict.keys.length === 1 ? "it" : "them"}. Start over to try again.`;
  }
}

/** One challenge: the goal, what may change, the live verdict, hints, and what it showed. */
export function ChallengeCard({ challenge }: { challenge: Challenge }) {
  const { store, live } = useRuntime();
  const verdict = useVerdict(challenge);
  const savedAt = useProgress((state) => state.solved[challenge.id]);
  const setPageKey = useApp((state) => state.setPageKey);
  // A try again starts from 0 s with what the learner set live in force from the start: a replay
  // of the recorded schedule would repeat the first seconds the learner has just changed.
  const tryAgain = () => {
    const { scenario, pageKeys } = store.getState();
    const { scenario: kept } = restartScenario(scenario, live.get()?.snapshot.nowNs ?? 0);
    openChallenge(store, challenge, encodeScenario(kept), pageKeys);
  };
  const [leaving, setLeaving] = useState(false);
  const index = CHALLENGES.indexOf(challenge);
  const chapter = CHAPTERS.find((candidate) => candidate.id === challenge.chapter);
  const allowed = [...challenge.allowed, ...(challenge.trial ? [challenge.trial.key] : [])];

  return (
    <section
      className="challenge"
      aria-labelledby="challenge-title"
      data-testid="challenge"
      data-verdict={verdict.kind}
    >
      <p className="challenge-kicker">
        Challenge {index + 1} of {CHALLENGES.length}
        {chapter !== undefined && <> · the tour’s “{chapter.title}”</>}
        {savedAt !== undefined && (
          <span className="challenge-saved"> · ✓ solved in this browser</span>
        )}
      </p>
      <h2 id="challenge-title" className="challenge-title">
        {challenge.title}
      </h2>
      <p className="challenge-goal">{challenge.goal}</p>
      <p className="challenge-allowed">
        <strong>You may change:</strong>{" "}
        {allowed.length === 0 ? "nothing in the controls" : allowed.map(labelOf).join(", ")}. The
        other controls are locked: {challenge.lockedBecause}
      </p>
      {challenge.trial !== undefined && (
        <TrialField challenge={challenge} trial={challenge.trial} />
      )}
      <p className="challenge-check">
        <strong>Checked:</strong> {challenge.check.description}.
      </p>
      <p
        className={`challenge-verdict challenge-verdict--${verdict.kind}`}
        role="status"
        data-testid="challenge-verdict"
      >
        {verdictText(verdict, challenge.check.windowS)}
      </p>
      {verdict.kind === "solved" && (
        <p className="challenge-demonstrated">
          <strong>What it demonstrated:</strong> {challenge.demonstrates}
        </p>
      )}
      <ChallengeHints challenge={challenge} />
      <div className="challenge-buttons">
        <button type="button" onClick={tryAgain} title="Your settings as they stand now, from 0 s">
          Try again from 0 s
        </button>
        <button
          type="button"
          onClick={() => openChallenge(store, challenge, undefined, store.getState().pageKeys)}
          title="The challenge's starting scenario, from 0 s"
        >
          Start over
        </button>
        <SolutionLink challenge={challenge} verdict={verdict} />
        {leaving ? (
          <span className="challenge-leave">
            Leave the challenge?{" "}
            <button type="button" onClick={() => setPageKey("challenge", null)}>
              Yes, free play
            </button>{" "}
            <button type="button" onClick={() => setLeaving(false)}>
              Stay
            </button>
          </span>
        ) : (
          <button type="button" className="challenge-exit" onClick={() => setLeaving(true)}>
            Leave
          </button>
        )}
      </div>
    </section>
  );
}
