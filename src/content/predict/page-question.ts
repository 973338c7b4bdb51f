import type { ScenarioIssue } from "../../model/index.ts";
import { echo } from "../../model/index.ts";
import { PRESETS, presetScenarioQuery } from "../presets.ts";
import { CHAPTERS } from "../tour/chapters/index.ts";
import { stepScenarioQuery } from "../tour/step-scenario.ts";
import type { Question } from "./question.ts";

// Which question a page asks, and what its `predict` page key says (docs/page-keys.md): a tour
// chapter asks its own before its first run plays; a preset, opened as published, asks its own.
// An embed, a challenge (its own card judges the run), a link opened part-way into its run (`t`)
// and `predict=skip` ask nothing.

export type PageKeys = Readonly<Record<string, string>>;

/** The `predict` value that opens a chapter or preset without its question. */
export const SKIP = "skip";

export interface PageQuestion {
  question: Question;
  /** The chapter's first run or the preset's scenario, as the codec writes it: what is asked about. */
  runQuery: string;
}

/** The question this page has, skipped or not; null when it has none. */
export function pageQuestion(scenarioQuery: string, pageKeys: PageKeys): PageQuestion | null {
  if (pageKeys["embed"] === "1" || pageKeys["challenge"] !== undefined) return null;
  if (Number(pageKeys["t"] ?? "0") > 0) return null;
  const chapter = CHAPTERS.find((candidate) => candidate.id === pageKeys["tour"]);
  if (chapter !== undefined) {
    return { question: chapter.question, runQuery: stepScenarioQuery(chapter, 0) };
  }
  const preset = PRESETS.find((candidate) => presetScenarioQuery(candidate) === scenarioQuery);
  return preset === undefined ? null : { question: preset.question, runQuery: scenarioQuery };
}

/**
 * Whether a run of `scenarioQuery` opened with these page keys must wait for an answer: it is the
 * run the page's question asks about, and the link does not skip it.
 */
export function asksFirst(scenarioQuery: string, pageKeys: PageKeys): boolean {
  if (pageKeys["predict"] === SKIP) return false;
  return pageQuestion(scenarioQuery, pageKeys)?.runQuery === scenarioQuery;
}

export function predictKeyIssue(value: string, question: Question | null): ScenarioIssue {
  const given = `predict: "${echo(value)}" is not valid:`;
  const message =
    question === null
      ? `${given} this page asks no question (a tour chapter or a preset as published does); the key is ignored`
      : `${given} expected "${SKIP}" or an answer id (${question.answers.map((answer) => answer.id).join(", ")}); the question is asked with no answer chosen`;
  return { key: "predict", value, message };
}

/** The page keys without a `predict` that names no answer of the page's question, and the issue. */
export function readPredictKey(
  scenarioQuery: string,
  pageKeys: PageKeys,
): { pageKeys: PageKeys; issues: ScenarioIssue[] } {
  const { predict, ...others } = pageKeys;
  if (predict === undefined || predict === SKIP) return { pageKeys, issues: [] };
  const question = pageQuestion(scenarioQuery, pageKeys)?.question ?? null;
  if (question?.answers.some((answer) => answer.id === predict)) return { pageKeys, issues: [] };
  return { pageKeys: others, issues: [predictKeyIssue(predict, question)] };
}
