import type { Chapter } from "../chapter.ts";
import { freshWindow } from "./fresh-window.ts";
import { herdChapter } from "./herd.ts";
import { prometheus } from "./prometheus.ts";
import { readYourWrite } from "./read-your-write.ts";
import { ring } from "./ring.ts";
import { rv0 } from "./rv0.ts";
import { wakeUpTimer } from "./wake-up-timer.ts";
import { wall } from "./wall.ts";

// The tour's chapters, in the order a learner meets them.
export const CHAPTERS: readonly Chapter[] = [
  rv0,
  readYourWrite,
  wall,
  wakeUpTimer,
  herdChapter,
  ring,
  freshWindow,
  prometheus,
];

/** The ids the page key `tour` may name. */
export const CHAPTER_IDS: readonly string[] = CHAPTERS.map((chapter) => chapter.id);
