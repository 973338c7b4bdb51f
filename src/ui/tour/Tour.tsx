import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { SKIP } from "../../content/predict/page-question.ts";
import type { Chapter } from "../../content/tour/chapter.ts";
import { CHAPTERS } from "../../content/tour/chapters/index.ts";
import { stepScenarioQuery, stepsSharingRun } from "../../content/tour/step-scenario.ts";
import { encodeScenario } from "../../model/index.ts";
import type { AppRuntime } from "../../state/runtime.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { useApp } from "../../state/useApp.ts";
import { PredictionCard } from "../predict/PredictionCard.tsx";
import { usePrediction } from "../predict/usePrediction.ts";
import { ChapterPicker } from "./ChapterPicker.tsx";
import type { FreePlayStart } from "./FreePlay.tsx";
import { planRun, type StepRun } from "./plan-run.ts";
import { stepWatches } from "./sightings.ts";
import { TourCaption } from "./TourCaption.tsx";
import { TourExit } from "./TourExit.tsx";
import { TourProgress } from "./TourProgress.tsx";
import { usePanelHighlight } from "./usePanelHighlight.ts";
import { usePauseAt } from "./usePauseAt.ts";
import { useSightings } from "./useSightings.ts";

interface Position {
  step: number;
  run: StepRun;
  /** The steps whose triggers run on the same scenario as `step`. */
  watched: readonly number[];
}

function positionAt(runtime: AppRuntime, chapter: Chapter, step: number): Position {
  const running = encodeScenario(runtime.store.getState().scenario);
  const frame = runtime.live.get();
  const run = planRun(
    running,
    frame === null ? null : (frame.run ?? 0),
    stepScenarioQuery(chapter, step),
  );
  return { step, run, watched: stepsSharingRun(chapter, step) };
}

/**
 * One chapter: first its question (unless the link says `predict=skip`), the run waiting at 0 s
 * for the answer and pausing at the moment that decides it; then a caption at a time, each shown
 * once the simulation has done what it says.
 */
export function Tour({
  chapterIndex,
  tourSpeed,
  onLeave,
}: {
  chapterIndex: number;
  /** The speed the tour set for an earlier chapter, if any (the dock keeps it across chapters). */
  tourSpeed?: RefObject<number | null>;
  /** The reader left for free play: from the defaults or this chapter's run; after the last chapter? */
  onLeave?: (start: FreePlayStart, finished: boolean) => void;
}) {
  const runtime = useRuntime();
  const { store } = runtime;
  const chapter = CHAPTERS[chapterIndex] as Chapter;
  const [position, setPosition] = useState(() => positionAt(runtime, chapter, 0));
  /** The link's `predict`, read once: `skip` goes on to the next chapter, an answer does not. */
  const [predictKey] = useState(() => store.getState().pageKeys["predict"] ?? null);
  const [asking, setAsking] = useState(predictKey !== SKIP);
  /** The reader asked to leave (Free play, or Finish on the last chapter): where to go next. */
  const [leaving, setLeaving] = useState<"finished" | "left" | null>(null);
  const watches = useMemo(() => stepWatches(chapter, position.watched), [chapter, position]);
  const sightings = useSightings(watches, position.run.staleRun);
  const step = chapter.steps[position.step];
  const sighting = asking ? undefined : sightings.get(position.step);
  const shown = useApp((state) => state.snapshot);
  const playing = useApp((state) => state.playing);
  // Moving on plays the run again: the tour paused it at the caption's moment.
  const play = () => {
    if (!store.getState().playing) store.getState().play();
  };
  // The scenario changes through the store, as any control changes it; StrictMode runs this twice.
  // The chapter's first run waits at 0 s while its question is asked. Declared before the question,
  // whose check of the link's answer must come after the open (which starts the banner afresh).
  const opened = useRef<StepRun | null>(null);
  useEffect(() => {
    if (!position.run.needsOpen || opened.current === position.run) return;
    opened.current = position.run;
    const hold = asking && position.step === 0;
    // The link's `predict` stays in the address (an answer id is checked by the question).
    const carried = predictKey === null ? "" : `&predict=${encodeURIComponent(predictKey)}`;
    store.getState().open(`${position.run.query}&tour=${chapter.id}${carried}`, undefined, hold);
    // A chapter's run plays from its start, though the last caption had paused the run before it.
    if (!hold && !store.getState().playing) store.getState().play();
  }, [store, chapter, position.run, position.step, asking, predictKey]);
  const prediction = usePrediction(chapter.question, play);
  const questionOpen = asking && prediction.phase !== "skipped";
  const questionPanel =
    prediction.phase === "decided" ? (prediction.verdict?.happened?.panel ?? null) : null;
  usePanelHighlight(
    questionOpen ? questionPanel : step !== undefined && sighting !== undefined ? step.panel : null,
  );
  // A caption's figures are the panels': the run pauses at the moment the trigger first held.
  usePauseAt(sighting?.atNs, position);

  // Raised for a slow chapter, never below a speed the reader chose; but a speed the tour itself
  // set for an earlier chapter follows this one's, so "this chapter plays at 2×" stays true after
  // the ring's 20× (and after "Finish the tour").
  useEffect(() => {
    const { speed, setSpeed } = store.getState();
    const setByTour = tourSpeed !== undefined && speed === tourSpeed.current;
    if (chapter.speed > speed || (setByTour && chapter.speed !== speed)) setSpeed(chapter.speed);
    if (tourSpeed !== undefined && (chapter.speed > speed || setByTour)) {
      tourSpeed.current = chapter.speed;
    }
  }, [store, chapter, tourSpeed]);

  const goTo = (next: number) =>
    setPosition((current) =>
      stepScenarioQuery(chapter, next) === current.run.query
        ? { ...current, step: next }
        : positionAt(runtime, chapter, next),
    );
  const nextChapter = CHAPTERS[chapterIndex + 1];
  const previousChapter = CHAPTERS[chapterIndex - 1];
  const isLastStep = position.step === chapter.steps.length - 1;
  const setTour = (id: string | null) => {
    // Only `predict=skip` carries on to another chapter: an answer belongs to this chapter's question.
    if (store.getState().pageKeys["predict"] !== SKIP) store.getState().setPageKey("predict", null);
    store.getState().setPageKey("tour", id);
  };
  const onContinue = () => {
    play();
    if (questionOpen) setAsking(false);
    else if (!isLastStep) goTo(position.step + 1);
    else if (nextChapter !== undefined) setTour(nextChapter.id);
    else setLeaving("finished");
  };
  const onBack = () => {
    play();
    if (position.step > 0) goTo(position.step - 1);
    else if (previousChapter !== undefined) setTour(previousChapter.id);
  };
  if (step === undefined) return null;
  const canContinue = questionOpen ? prediction.phase === "decided" : sighting !== undefined;

  return (
    <section className="tour" aria-labelledby="tour-title" data-testid="tour">
      <ChapterPicker current={chapter.id} onPick={setTour} />
      <h2 id="tour-title" className="tour-title">
        {chapter.title}
      </h2>
      <TourProgress
        chapter={chapterIndex + 1}
        chapters={CHAPTERS.length}
        step={questionOpen ? "question" : position.step + 1}
        steps={chapter.steps.length}
      />
      {chapter.speedNote !== undefined && <p className="tour-speed-note">{chapter.speedNote}</p>}
      {questionOpen ? (
        <PredictionCard
          question={chapter.question}
          prediction={prediction}
          kicker="Before this chapter plays"
        />
      ) : (
        <div aria-live="polite">
          <TourCaption
            step={step}
            sighting={sighting}
            shown={shown}
            playing={playing}
            restarted={position.step > 0 && position.run.needsOpen}
          />
        </div>
      )}
      {leaving !== null ? (
        <TourExit
          finished={leaving === "finished"}
          onKeep={() => {
            play();
            onLeave?.("chapter", leaving === "finished");
            setTour(null);
          }}
          onDefaults={() => {
            onLeave?.("defaults", leaving === "finished");
            store.getState().resetToDefaults();
          }}
          onStay={() => setLeaving(null)}
        />
      ) : (
        <div className="tour-buttons">
          <button
            type="button"
            onClick={onBack}
            disabled={position.step === 0 && previousChapter === undefined}
          >
            Back
          </button>
          {/* While the question waits for its verdict, its own buttons lead. */}
          {(!questionOpen || prediction.phase === "decided") && (
            <button type="button" className="primary" onClick={onContinue} disabled={!canContinue}>
              {questionOpen || !isLastStep
                ? "Continue"
                : nextChapter !== undefined
                  ? "Next chapter"
                  : "Finish the tour"}
            </button>
          )}
          <button
            type="button"
            className="tour-exit"
            title="Leave the tour: keep this run or start from the defaults"
            onClick={() => setLeaving("left")}
          >
            Free play
          </button>
        </div>
      )}
    </section>
  );
}
