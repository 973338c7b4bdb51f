import type { Challenge } from "../../content/challenges/challenge.ts";
import { challengeById } from "../../content/challenges/index.ts";
import { useApp } from "../../state/useApp.ts";

/** The challenge the page key `challenge` names, if it names one. */
export function useChallenge(): Challenge | undefined {
  const id = useApp((state) => state.pageKeys["challenge"]);
  return id === undefined ? undefined : challengeById(id);
}
