import { encodeScenario, parseScenario } from "../../model/index.ts";
import type { Chapter } from "./chapter.ts";

/** Scenario text of step `index`: the nearest step at or before it that has one, or the chapter. */
export function stepQuery(chapter: Chapter, index: number): string {
  for (let i = Math.min(index, chapter.steps.length - 1); i >= 0; i--) {
    const query = chapter.steps[i]?.query;
    if (query !== undefined) return query;
  }
  return chapter.query;
}

/** Steps that run on the same scenario as step `index`: their triggers are watched together. */
export function stepsSharingRun(chapter: Chapter, index: number): number[] {
  const query = stepQuery(chapter, index);
  return chapter.steps.flatMap((_, i) => (stepQuery(chapter, i) === query ? [i] : []));
}

/** The step's scenario as the codec writes it, named after the chapter. */
export function stepScenarioQuery(chapter: Chapter, index: number): string {
  const { scenario } = parseScenario(stepQuery(chapter, index));
  return encodeScenario({ ...scenario, name: `Tour: ${chapter.title}` });
}
