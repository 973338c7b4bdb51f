import type { SimSnapshot } from "../../model/index.ts";
import type { PanelId } from "../panels.ts";
import type { Trigger } from "../trigger.ts";

// Predict, then watch: before a tour chapter or a preset plays, the learner says what is about to
// happen. A question is data: answers that are predicates over a snapshot, and the moment that
// decides them. Which answer is right is never stored: it is read off the run at that moment, so a
// scenario that behaves differently (the skip gate on, another version) has another right answer.

export interface Answer {
  /** Its value of the `predict` page key (docs/page-keys.md): lower-case words joined by "-". */
  id: string;
  /** The answer as the learner reads it. */
  text: string;
  /** Whether this is what the run did, judged on the snapshot of the deciding moment. */
  holds: (snapshot: SimSnapshot) => boolean;
  /** Why the run did this: said when this answer holds, whichever the learner chose. */
  why: string;
  /** The panel that shows it: named in the verdict and outlined on the page. */
  panel: PanelId;
}

export interface Question {
  /** What is asked, about the run that is about to play. */
  prompt: string;
  /** Three or four answers; at the deciding moment at most one holds. */
  answers: readonly Answer[];
  /** The moment that decides the answers: the page pauses there and gives its verdict. */
  decides: Trigger;
  /** Figures from the deciding moment that back the verdict ("1,079 of 1,079 consistent reads"). */
  evidence: (snapshot: SimSnapshot) => string;
}

/** How most questions are set: the run's setting, and how many finished reads decide it, by when. */
export interface FinishedSetting {
  /** What the run sets up, in a sentence or two, before the question. */
  setting: string;
  /** The verdict waits for this many reads of the question's kind to have finished. */
  minFinished: number;
  /** Simulated seconds by which they have (the tests check). */
  windowS: number;
}

/** A question about where the run has got to by a moment: the run's setting, and that moment. */
export interface BySetting {
  setting: string;
  /** If the answer has not shown by then, the verdict is read at this simulated second. */
  byS: number;
}
