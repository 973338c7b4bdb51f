import { useEffect, useRef, useState } from "react";
import type { Chapter } from "../../content/tour/chapter.ts";
import { CHAPTERS } from "../../content/tour/chapters/index.ts";
import { stepScenarioQuery, stepsSharingRun } from "../../content/tour/step-scenario.ts";
import { encodeScenario } from "../../model/index.ts";
import type { AppRuntime } from "../../state/runtime.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { useApp } from "../../state/use-app.ts";
import { ChapterPicker } from "./ChapterPicker.tsx";
import { planRun, type StepRun } from "./plan-run.ts";
import { TourCaption } from "./TourCaption.tsx";
import { TourExit } from "./TourExit.tsx";
import { TourProgress } from "./TourProgress.tsx";
import { usePanelHighlight } from "./use-panel-highlight.ts";
import { useSightings } from "./use-sightings.ts";

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

/** One chapter, a caption at a time, each shown once the simulation has done what it says. */
export function Tour({ chapterIndex }: { chapterIndex: number }) {
  const runtime = useRuntime();
  const { store } = runtime;
  const chapter = CHAPTERS[chapterIndex] as Chapter;
  const [position, setPosition] = useState(() => positionAt(runtime, chapter, 0));
  /** The reader asked to leave (Free play, or Finish on the last chapter): where to go next. */
  const [leaving, setLeaving] = useState<"finished" | "left" | null>(null);
  const sightings = useSightings(chapter, position.watched, position.run.staleRun);
  const step = chapter.steps[position.step];
  const sighting = sightings.get(position.step);
  usePanelHighlight(step !== undefined && sighting !== undefined ? step.panel : null);
  const shown = useApp((state) => state.snapshot);
  const playing = useApp((state) => state.playing);

  // A caption's figures are the panels': the run pauses at the moment the trigger first held (a
  // seek there, since the run has played on by a frame or more), once per step.
  const pausedFor = useRef<Position | null>(null);
  useEffect(() => {
    if (sighting === undefined || pausedFor.current === position) return;
    pausedFor.current = position;
    store.getState().pause();
    runtime.travel.getState().seek(sighting.atNs);
  }, [store, runtime.travel, sighting, position]);

  // The scenario changes through the store, as any control changes it; StrictMode runs this twice.
  const opened = useRef<StepRun | null>(null);
  useEffect(() => {
    if (!position.run.needsOpen || opened.current === position.run) return;
    opened.current = position.run;
    store.getState().open(`${position.run.query}&tour=${chapter.id}`);
    // A chapter's run plays from its start, though the last caption had paused the run before it.
    if (!store.getState().playing) store.getState().play();
  }, [store, chapter, position.run]);
  useEffect(() => {
    const { speed, setSpeed } = store.getState();
    if (chapter.speed > speed) setSpeed(chapter.speed);
  }, [store, chapter]);

  const goTo = (next: number) =>
    setPosition((current) =>
      stepScenarioQuery(chapter, next) === current.run.query
        ? { ...current, step: next }
        : positionAt(runtime, chapter, next),
    );
  const nextChapter = CHAPTERS[chapterIndex + 1];
  const previousChapter = CHAPTERS[chapterIndex - 1];
  const isLastStep = position.step === chapter.steps.length - 1;
  const setTour = (id: string | null) => store.getState().setPageKey("tour", id);
  // Moving on plays the run again: the tour paused it at the caption's moment.
  const play = () => {
    if (!store.getState().playing) store.getState().play();
  };
  const onContinue = () => {
    play();
    if (!isLastStep) goTo(position.step + 1);
    else if (nextChapter !== undefined) setTour(nextChapter.id);
    else setLeaving("finished");
  };
  const onBack = () => {
    play();
    if (position.step > 0) goTo(position.step - 1);
    else if (previousChapter !== undefined) setTour(previousChapter.id);
  };
  if (step === undefined) return null;

  return (
    <section className="tour" aria-labelledby="tour-title" data-testid="tour">
      <ChapterPicker current={chapter.id} onPick={setTour} />
      <h2 id="tour-title" className="tour-title">
        {chapter.title}
      </h2>
      <TourProgress
        chapter={chapterIndex + 1}
        chapters={CHAPTERS.length}
        step={position.step + 1}
        steps={chapter.steps.length}
      />
      {chapter.speedNote !== undefined && <p className="tour-speed-note">{chapter.speedNote}</p>}
      <div aria-live="polite">
        <TourCaption step={step} sighting={sighting} shown={shown} playing={playing} />
      </div>
      {leaving !== null ? (
        <TourExit
          finished={leaving === "finished"}
          onKeep={() => {
            play();
            setTour(null);
          }}
          onDefaults={() => store.getState().resetToDefaults()}
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
          <button
            type="button"
            className="primary"
            onClick={onContinue}
            disabled={sighting === undefined}
          >
            {!isLastStep
              ? "Continue"
              : nextChapter !== undefined
                ? "Next chapter"
                : "Finish the tour"}
          </button>
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
