import type { Challenge } from "./challenge.ts";
import { herdWithoutGate } from "./list/herd-without-gate.ts";
import { observedNeverWaited } from "./list/observed-never-waited.ts";
import { p99WithoutEtcd } from "./list/p99-without-etcd.ts";
import { readYourWrite } from "./list/read-your-write.ts";
import { ringSettles } from "./list/ring-settles.ts";
import { rv0NeverWaits } from "./list/rv0-never-waits.ts";
import { smallestLag } from "./list/smallest-lag.ts";
import { underTheWall } from "./list/under-the-wall.ts";
import { watchersResume } from "./list/watchers-resume.ts";

// The challenges, in the tour's order of story points (each names its chapter).
export const CHALLENGES: readonly Challenge[] = [
  rv0NeverWaits,
  readYourWrite,
  underTheWall,
  smallestLag,
  observedNeverWaited,
  herdWithoutGate,
  ringSettles,
  watchersResume,
  p99WithoutEtcd,
];

export const challengeById = (id: string): Challenge | undefined =>
  CHALLENGES.find((challenge) => challenge.id === id);
