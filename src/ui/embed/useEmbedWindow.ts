import { useEffect } from "react";
import { encodeScenario } from "../../sim/scenario/index.ts";
import { NS_PER_S } from "../../sim/time.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { joinQuery } from "../../state/url.ts";
import type { EmbedOptions } from "./embedKeys.ts";

/**
 * Keeps an embed inside its window: at `until` the run pauses, or with `loop` opens again at `t`.
 * Driven by the simulated clock of each frame, never by a wall-clock timer.
 */
export function useEmbedWindow({ startS, untilS, loop }: EmbedOptions) {
  const { live, store } = useRuntime();
  useEffect(() => {
    if (untilS === null) return;
    const untilNs = untilS * NS_PER_S;
    let reached = false;
    let lastNs = 0;
    return live.subscribe(() => {
      const nowNs = live.get()?.snapshot.nowNs ?? 0;
      // A clock that went back is a new run (the loop's, or a replay): its end is yet to come.
      if (nowNs < untilNs || nowNs < lastNs) reached = false;
      lastNs = nowNs;
      if (nowNs < untilNs || reached) return;
      reached = true;
      const { scenario, pageKeys, open, pause } = store.getState();
      if (loop) open(joinQuery(encodeScenario(scenario), pageKeys), startS);
      else pause();
    });
  }, [live, store, startS, untilS, loop]);
}
