import { useEffect } from "react";
import type { Challenge } from "../../content/challenges/challenge.ts";
import { encodeScenario, parseScenario } from "../../model/index.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { ChallengeCard } from "./ChallengeCard.tsx";
import { openChallenge } from "./open-challenge.ts";
import { useChallenge } from "./useChallenge.ts";
import "./challenges.css";

const DEFAULT_QUERY = encodeScenario(parseScenario("").scenario);

/**
 * The challenge card when the page key `challenge` names one. A link that carries only the key
 * (a teacher's `#challenge=ring-settles`) opens the challenge's start; a link with a scenario is
 * the learner's run (a shared solution) and plays as it is.
 */
export function ChallengeDock() {
  const challenge = useChallenge();
  return challenge === undefined ? null : <Dock key={challenge.id} challenge={challenge} />;
}

function Dock({ challenge }: { challenge: Challenge }) {
  const { store } = useRuntime();
  useEffect(() => {
    const { scenario, pageKeys, speed } = store.getState();
    const named = { ...scenario, name: "" };
    if (encodeScenario(named) === DEFAULT_QUERY && challenge.start !== "") {
      openChallenge(store, challenge, undefined, pageKeys);
    } else if (speed < challenge.speed) {
      store.getState().setSpeed(challenge.speed);
    }
  }, [store, challenge]);
  return <ChallengeCard challenge={challenge} />;
}
