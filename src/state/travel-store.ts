import { createStore, type StoreApi } from "zustand/vanilla";
import type { Nanos } from "../model/index.ts";
import type { BreakpointSpec } from "../worker/breakpoints.ts";
import type { SimulationClient } from "../worker/client.ts";
import type { WorkerReply } from "../worker/protocol.ts";

// The page's side of time travel: how far the run has gone (the scrubber's end), where it last
// forked, the breakpoints chosen and the last one that paused the run. Seeking is a command to
// the worker; the position itself comes back with the snapshots like any other observation.

export interface TravelState {
  furthestNs: Nanos;
  /** Where a live change made in the past forked the run, until the page dismisses the note. */
  forkedAtNs: Nanos | null;
  breakpoints: BreakpointSpec;
  /** What the last breakpoint stopped on, until play resumes or the note is dismissed. */
  breakReason: string | null;
  /** The moment that breakpoint paused the run at (the shown snapshot's time). */
  breakAtNs: Nanos | null;
  /** The moment of the seek the worker is replaying to, or null when none is in flight. */
  seekingToNs: Nanos | null;
  /** The newest seek asked for while one was in flight, sent when it lands; null when none. */
  queuedSeekNs: Nanos | null;
}

export interface TravelActions {
  seek(atNs: Nanos): void;
  setBreakpoints(choice: BreakpointSpec): void;
  dismissFork(): void;
  dismissBreak(): void;
  receive(reply: Extract<WorkerReply, { type: "travel" | "breakpoint" }>): void;
}

export type TravelStore = StoreApi<TravelState & TravelActions>;

export function createTravelStore(client: SimulationClient, onBreak: () => void): TravelStore {
  return createStore<TravelState & TravelActions>()((set, get) => {
    // One seek in flight at a time: a drag asks for many, and in a heavy run each can take the
    // worker seconds; the newest waiting one goes down when the worker says the last is done.
    const sendSeek = (atNs: Nanos) => {
      set({ seekingToNs: atNs });
      client.send({ type: "seek", atNs });
    };
    return {
      furthestNs: 0,
      forkedAtNs: null,
      breakpoints: { kinds: [], lagAboveMs: null },
      breakReason: null,
      breakAtNs: null,
      seekingToNs: null,
      queuedSeekNs: null,
      seek(atNs) {
        const targetNs = Math.max(0, Math.min(Math.round(atNs), get().furthestNs));
        if (get().seekingToNs !== null) set({ queuedSeekNs: targetNs });
        else sendSeek(targetNs);
      },
      setBreakpoints(choice) {
        set({ breakpoints: choice });
        client.send({ type: "breakpoints", kinds: choice.kinds, lagAboveMs: choice.lagAboveMs });
      },
      dismissFork: () => set({ forkedAtNs: null }),
      dismissBreak: () => set({ breakReason: null, breakAtNs: null }),
      receive(reply) {
        if (reply.type === "travel") {
          const next = get().queuedSeekNs;
          if (next !== null) {
            set({ queuedSeekNs: null });
            sendSeek(next);
          } else if (get().seekingToNs !== null) set({ seekingToNs: null });
        }
        if (reply.type === "breakpoint") {
          set({ breakReason: reply.reason, breakAtNs: reply.atNs });
          onBreak();
        } else if (reply.forkedAtNs !== null) {
          set({ furthestNs: reply.furthestNs, forkedAtNs: reply.forkedAtNs });
        } else if (reply.furthestNs !== get().furthestNs) {
          set({ furthestNs: reply.furthestNs });
        }
      },
    };
  });
}
