import type { SimSnapshot } from "../../model/index.ts";
import type { PanelId } from "../panels.ts";
import type { Question } from "../predict/question.ts";
import type { Trigger } from "../trigger.ts";

// A chapter of the guided tour: a prepared scenario and the captions that explain it. Each caption
// waits for something the simulation really did (read from a snapshot), never for a UI timer.

export interface Step {
  /** The caption, shown once the trigger has held; `quote` fills in figures from that moment. */
  caption: string;
  trigger: Trigger;
  panel: PanelId;
  /** Figures taken from the snapshot in which the trigger first held, appended to the caption. */
  quote?: (snapshot: SimSnapshot) => string;
  /** Scenario text for this step and those after it, when it differs from the chapter's. */
  query?: string;
}

/** A one-click change to try in free play, with what the chapter just showed. */
export interface Experiment {
  /** The change, as its button says it. */
  label: string;
  /** What to look for once the run restarts with it. */
  lookFor: string;
  /** Run keys (scenario text) put into the scenario free play starts from; the rest stays. */
  keys: string;
}

export interface Chapter {
  id: string;
  title: string;
  /** Scenario text (docs/scenarios.md) without `name`: the chapter's title is added as the name. */
  query: string;
  /** The tour raises playback to this speed (never lowers it) and says why in `speedNote`. */
  speed: number;
  speedNote?: string;
  /** Asked before the chapter's first run plays (src/content/predict/); judged on that run. */
  question: Question;
  /** Two or three changes free play suggests after this chapter (src/ui/tour/FreePlay.tsx). */
  experiments: readonly Experiment[];
  /** The last step's caption starts with "The one thing to remember:". */
  steps: readonly Step[];
}
