import { useEffect } from "react";
import { useStore } from "zustand";
import { CHALLENGES, challengeById } from "../../content/challenges/index.ts";
import { echo } from "../../model/index.ts";
import type { AppRuntime } from "../../state/runtime.ts";

/**
 * Checks the page key `challenge` whenever it changes (the page opens, a link is pasted): an id
 * no challenge has is reported in the link's banner and leaves the address, as any bad page key
 * does. Called where the runtime is made, full page and embed alike.
 */
export function useChallengeKey({ store }: AppRuntime): void {
  const id = useStore(store, (state) => state.pageKeys["challenge"]);
  useEffect(() => {
    if (id === undefined || challengeById(id) !== undefined) return;
    const ids = CHALLENGES.map((challenge) => challenge.id).join(", ");
    const state = store.getState();
    state.reportIssues([
      {
        key: "challenge",
        value: id,
        message: `challenge: "${echo(id)}" is not valid: expected one of ${ids}; no challenge opens`,
      },
    ]);
    state.setPageKey("challenge", null);
  }, [store, id]);
}
