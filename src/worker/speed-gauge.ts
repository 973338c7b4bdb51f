// The speed a playing run really reaches: simulated time over wall time across the last couple of
// seconds of play. A heavy scenario can fall behind the asked speed (the worker answers every frame
// within its budget instead of falling behind the page), and the page must say so.

/** Wall time the reached speed is averaged over. */
const WINDOW_MS = 2000;
/** Wall time played before the figure means anything (the first frames include start-up). */
const SETTLE_MS = 500;

export interface SpeedGauge {
  /** One frame's advance: `wallMs` of play moved the run by `simulatedMs`. */
  record(wallMs: number, simulatedMs: number): void;
  /** Simulated ms per wall ms over the window, or null until enough play was seen. */
  reached(): number | null;
  /** Forgets everything: the speed or the run changed. */
  reset(): void;
}

export function createSpeedGauge(): SpeedGauge {
  let steps: Array<{ wallMs: number; simulatedMs: number }> = [];
  let wallMs = 0;
  let simulatedMs = 0;
  return {
    record(stepWallMs, stepSimulatedMs) {
      steps.push({ wallMs: stepWallMs, simulatedMs: stepSimulatedMs });
      wallMs += stepWallMs;
      simulatedMs += stepSimulatedMs;
      // Bounded by the window: at most a couple of hundred frames are kept.
      while (steps.length > 1 && wallMs - (steps[0]?.wallMs ?? 0) >= WINDOW_MS) {
        const oldest = steps.shift();
        wallMs -= oldest?.wallMs ?? 0;
        simulatedMs -= oldest?.simulatedMs ?? 0;
      }
    },
    reached: () => (wallMs < SETTLE_MS ? null : simulatedMs / wallMs),
    reset() {
      steps = [];
      wallMs = 0;
      simulatedMs = 0;
    },
  };
}
