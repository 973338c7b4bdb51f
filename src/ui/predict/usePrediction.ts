import { useEffect, useMemo, useState } from "react";
import { judge, type Verdict } from "../../content/predict/judge.ts";
import { predictKeyIssue, SKIP } from "../../content/predict/page-question.ts";
import type { Question } from "../../content/predict/question.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import type { Sighting, Watch } from "../tour/sightings.ts";
import { usePauseAt } from "../tour/usePauseAt.ts";
import { useSightings } from "../tour/useSightings.ts";

// One question's life on the page: asked (the run waits at its start), watched (the run plays
// until the moment that decides it), decided (paused there, with the verdict). Skipping it ends it.

export type PredictionPhase = "asking" | "watching" | "decided" | "skipped";

export interface Prediction {
  phase: PredictionPhase;
  /** The answer chosen (by the learner, or by the link's `predict` key), or null. */
  chosen: string | null;
  choose(answerId: string): void;
  /** The answer is given: the run plays on to the deciding moment. */
  start(): void;
  skip(): void;
  /** The verdict for the chosen answer, judged on the deciding moment's snapshot. */
  verdict: Verdict | null;
  /** When the deciding moment was seen. */
  decidedAtNs: number | null;
}

const NOTHING: ReadonlyMap<number, Watch<Verdict>> = new Map();

/**
 * The prediction for `question`; `onPlay` starts the run once an answer (or skip) is given. The
 * link's `predict` key chooses the first answer; choosing writes it there, so Share carries it. A
 * value that names no answer is reported in the link's banner and leaves the address. The
 * deciding moment is watched once the answer is given, latched like a tour caption's trigger, and
 * the run is paused there once.
 */
export function usePrediction(question: Question, onPlay: () => void): Prediction {
  const { store } = useRuntime();
  const [linkChoice] = useState(() => store.getState().pageKeys["predict"] ?? null);
  const linkAnswer =
    linkChoice === null || linkChoice === SKIP
      ? null
      : (question.answers.find((answer) => answer.id === linkChoice) ?? null);
  const badLinkChoice = linkChoice !== null && linkChoice !== SKIP && linkAnswer === null;
  useEffect(() => {
    if (!badLinkChoice || linkChoice === null) return;
    store.getState().reportIssues([predictKeyIssue(linkChoice, question)]);
    store.getState().setPageKey("predict", null);
  }, [store, badLinkChoice, linkChoice, question]);
  const [chosen, setChosen] = useState(linkAnswer?.id ?? null);
  const [phase, setPhase] = useState<"asking" | "watching" | "skipped">("asking");
  const watches = useMemo(
    (): ReadonlyMap<number, Watch<Verdict>> =>
      phase !== "watching"
        ? NOTHING
        : new Map([[0, { holds: question.decides.holds, take: (s) => judge(question, s, null) }]]),
    [question, phase],
  );
  // A chapter or preset loads its run before asking; frames of the run it replaced may still
  // arrive (the page opened on the defaults), and must not decide this question.
  const staleRun = phase === "watching" ? store.getState().staleRunsUpTo : null;
  const sighting: Sighting<Verdict> | undefined = useSightings(watches, staleRun).get(0);
  usePauseAt(sighting?.atNs, question);
  const verdict = useMemo(() => {
    if (sighting === undefined) return null;
    const { happened } = sighting.taken;
    const answer = question.answers.find((candidate) => candidate.id === chosen) ?? null;
    return { ...sighting.taken, chosen: answer, held: answer !== null && answer === happened };
  }, [sighting, question, chosen]);
  return {
    phase: phase === "watching" && sighting !== undefined ? "decided" : phase,
    chosen,
    choose(answerId) {
      setChosen(answerId);
      store.getState().setPageKey("predict", answerId);
    },
    start() {
      if (chosen === null) return;
      setPhase("watching");
      onPlay();
    },
    skip() {
      setPhase("skipped");
      onPlay();
    },
    verdict,
    decidedAtNs: sighting?.atNs ?? null,
  };
}
