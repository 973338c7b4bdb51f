import { NS_PER_MS } from "../../model/index.ts";
import { STEP_MS } from "../../state/app-store.ts";
import { MAX_SPEED } from "../../state/speed.ts";

// Whether the simulated clock jumped between two frames (a seek, a new run) rather than played.
// Normal play moves the clock by at most speed × the wall time played in between (the worker's
// pacing), and a paused step by STEP_MS; a seek moves it without playing any wall time. So
// anything beyond the fastest playback of the wall time played, or any move back, is a jump.

export interface ClockReading {
  nowNs: number;
  /** Wall time the run has spent playing; the worker restarts it at 0 with each load. */
  wallPlayedMs: number;
}

export type ClockMove = "played" | "jumped" | "newRun";

export function clockMove(before: ClockReading, after: ClockReading): ClockMove {
  // Only a load resets the played wall time: seeks keep it, so this tells a new run from a seek.
  if (after.wallPlayedMs < before.wallPlayedMs) return "newRun";
  if (after.nowNs < before.nowNs) return "jumped";
  const playableMs = (after.wallPlayedMs - before.wallPlayedMs) * MAX_SPEED + STEP_MS;
  return after.nowNs - before.nowNs > playableMs * NS_PER_MS ? "jumped" : "played";
}
