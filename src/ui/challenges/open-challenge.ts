import type { Challenge } from "../../content/challenges/challenge.ts";
import { startQuery } from "../../content/challenges/judge.ts";
import type { AppStore } from "../../state/app-store.ts";
import { joinQuery } from "../../state/url.ts";

/** Opens `scenarioQuery` (by default the challenge's start) as a run of the challenge, at its speed. */
export function openChallenge(
  store: AppStore,
  challenge: Challenge,
  scenarioQuery = startQuery(challenge),
  pageKeys: Readonly<Record<string, string>> = {},
): void {
  const { t: _opened, ...kept } = pageKeys;
  const state = store.getState();
  state.open(joinQuery(scenarioQuery, { ...kept, challenge: challenge.id }));
  if (state.speed < challenge.speed) store.getState().setSpeed(challenge.speed);
  if (!store.getState().playing) store.getState().play();
}

/** The link that replays a solution: the learner's scenario, the challenge, its speed. */
export function solutionAddress(
  location: { origin: string; pathname: string },
  challenge: Challenge,
  scenarioQuery: string,
): string {
  const query = joinQuery(scenarioQuery, {
    challenge: challenge.id,
    speed: String(challenge.speed),
  });
  return `${location.origin}${location.pathname}#${query}`;
}
