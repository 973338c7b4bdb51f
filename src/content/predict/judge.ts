import type { SimSnapshot } from "../../model/index.ts";
import type { Answer, Question } from "./question.ts";

// The verdict on a prediction: which answer the run bore out at the deciding moment, and whether
// it is the one chosen. Pure: the page, the node tests and the browser tests call this same function.

export interface Verdict {
  /** The answer chosen, or null when the question was skipped. */
  chosen: Answer | null;
  /** The answer that holds at the deciding moment, or null when none does. */
  happened: Answer | null;
  /** Whether the chosen answer is the one that happened. */
  held: boolean;
  /** The figures that back it, from the same snapshot. */
  evidence: string;
}

export function judge(question: Question, snapshot: SimSnapshot, chosenId: string | null): Verdict {
  const chosen = question.answers.find((answer) => answer.id === chosenId) ?? null;
  const holding = question.answers.filter((answer) => answer.holds(snapshot));
  // Answers are written to exclude each other; if two ever held, naming either would mislead.
  const happened = holding.length === 1 ? (holding[0] ?? null) : null;
  return {
    chosen,
    happened,
    held: chosen !== null && chosen === happened,
    evidence: question.evidence(snapshot),
  };
}

export const answerById = (question: Question, id: string): Answer | undefined =>
  question.answers.find((answer) => answer.id === id);
