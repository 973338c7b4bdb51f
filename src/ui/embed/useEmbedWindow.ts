import { useEffect } from "react";
import { encodeScenario, NS_PER_S } from "../../model/index.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { joinQuery } from "../../state/url.ts";
import type { EmbedOptions } from "./embedKeys.ts";

/**
 * Keeps an embed inside its window: at `until` the run pauses, or with `loop` opens again at `t`;
 * Play on a run paused at its end replays the window. Driven by the simulated clock of each
 * frame, never by a wall-clock timer.
 */
export function useEmbedWindow({ startS, untilS, loop }: EmbedOptions) {
  const { live, store } = useRuntime();
  useEffect(() => {
    if (untilS === null) return;
    const untilNs = untilS * NS_PER_S;
    let reached = false;
    let lastNs = 0;
    const reopen = () => {
      const { scenario, pageKeys, open } = store.getState();
      open(joinQuery(encodeScenario(scenario), pageKeys), startS);
    };
    const stopFrames = live.subscribe(() => {
      const nowNs = live.get()?.snapshot.nowNs ?? 0;
      // A clock that went back is a new run (the loop's, or a replay): its end is yet to come.
      if (nowNs < untilNs || nowNs < lastNs) reached = false;
      lastNs = nowNs;
      if (nowNs < untilNs || reached) return;
      reached = true;
      if (loop) reopen();
      else store.getState().pause();
    });
    const stopReplays = store.subscribe((state, previous) => {
      if (reached && state.playing && !previous.playing) reopen();
    });
    return () => {
      stopFrames();
      stopReplays();
    };
  }, [live, store, startS, untilS, loop]);
}
