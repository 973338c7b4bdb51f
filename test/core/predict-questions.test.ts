import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { answerById, judge } from "../../src/content/predict/judge.ts";
import type { Question } from "../../src/content/predict/question.ts";
import { consistentReadQuestion } from "../../src/content/predict/questions/consistent-read.ts";
import { PRESETS, presetScenarioQuery } from "../../src/content/presets.ts";
import { CHAPTERS } from "../../src/content/tour/chapters/index.ts";
import { stepQuery } from "../../src/content/tour/step-scenario.ts";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import type { SimSnapshot } from "../../src/sim/snapshot.ts";
import { NS_PER_S } from "../../src/sim/time.ts";
import { SCREEN_VIEW } from "../../src/state/snapshot-view.ts";
import { EXPECTED } from "./predict-expected.ts";

// Every question of the tour and the gallery, judged headless on its own run: the deciding moment
// comes within its window, exactly one answer holds there, and it is the same answer whether the
// run is looked at every half second (a viewer at 1×) or every 1.7 s (frames at 100×), since the
// page pauses on whatever frame first shows the moment.

/** The first snapshot, checked every `everyNs`, at which the question's moment has come. */
function decidingSnapshot(query: string, question: Question, everyNs: number): SimSnapshot | null {
  const { scenario, issues } = parseScenario(query);
  expect(issues).toEqual([]);
  const sim = createSimulation(scenario);
  const endNs = question.decides.windowS * NS_PER_S;
  for (let tNs = everyNs; tNs < endNs + everyNs; tNs += everyNs) {
    sim.advanceTo(Math.min(tNs, endNs));
    const snapshot = sim.snapshot(SCREEN_VIEW);
    if (question.decides.holds(snapshot)) return snapshot;
  }
  return null;
}

/** The id of the answer the run bears out, checked at two sampling rates that must agree. */
function rightAnswer(query: string, question: Question): string {
  const ids = [NS_PER_S / 2, 1.7 * NS_PER_S].map((everyNs) => {
    const snapshot = decidingSnapshot(query, question, everyNs);
    expect(
      snapshot,
      `"${question.decides.waitingFor}" within ${question.decides.windowS} s`,
    ).not.toBeNull();
    const verdict = judge(question, snapshot as SimSnapshot, null);
    expect(verdict.happened, `one answer holds (${verdict.evidence})`).not.toBeNull();
    // Whichever answer a learner picks, it held exactly when it is the one that happened.
    for (const answer of question.answers) {
      expect(judge(question, snapshot as SimSnapshot, answer.id).held).toBe(
        answer === verdict.happened,
      );
    }
    return verdict.happened?.id ?? "";
  });
  expect(ids[0]).toBe(ids[1]);
  return ids[0] ?? "";
}

function checkShape(question: Question) {
  expect(question.answers.length).toBeGreaterThanOrEqual(3);
  expect(question.answers.length).toBeLessThanOrEqual(4);
  const ids = question.answers.map((answer) => answer.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  // "skip" is the page key's own value: no answer may take it.
  expect(ids).not.toContain("skip");
}

describe("prediction questions", () => {
  for (const chapter of CHAPTERS) {
    it(`chapter "${chapter.id}": the run decides its question`, () => {
      checkShape(chapter.question);
      expect(rightAnswer(stepQuery(chapter, 0), chapter.question)).toBe(
        EXPECTED[`chapter:${chapter.id}`],
      );
    }, 120_000);
  }
  for (const preset of PRESETS) {
    it(`preset "${preset.id}": the run decides its question`, () => {
      checkShape(preset.question);
      expect(rightAnswer(presetScenarioQuery(preset), preset.question)).toBe(
        EXPECTED[`preset:${preset.id}`],
      );
    }, 120_000);
  }

  it("knows the right answer of every question it lists, and lists no other", () => {
    const listed = [
      ...CHAPTERS.map((chapter) => `chapter:${chapter.id}`),
      ...PRESETS.map((preset) => `preset:${preset.id}`),
    ];
    expect(Object.keys(EXPECTED).sort()).toEqual(listed.sort());
  });
});

describe("the verdict follows the scenario, not a stored key", () => {
  const question = consistentReadQuestion({ setting: "", minFinished: 20, windowS: 15 });
  const cases: [query: string, answer: string][] = [
    ["", "cache"],
    ["lag=4000", "fallback"],
    ["lag=4000&gates=ConsistentListFromCacheSkipTimeoutFallback=true", "429"],
  ];
  for (const [query, answer] of cases) {
    it(`"${query === "" ? "the defaults" : query}": ${answer}`, () => {
      expect(rightAnswer(query, question)).toBe(answer);
      const snapshot = decidingSnapshot(query, question, NS_PER_S / 2) as SimSnapshot;
      const verdict = judge(question, snapshot, "fallback");
      expect(verdict.held).toBe(answer === "fallback");
      expect(verdict.chosen).toBe(answerById(question, "fallback"));
    });
  }

  it("a skipped question is judged too: nothing chosen, nothing held", () => {
    const snapshot = decidingSnapshot("lag=4000", question, NS_PER_S / 2) as SimSnapshot;
    const verdict = judge(question, snapshot, null);
    expect(verdict).toMatchObject({ chosen: null, held: false });
    expect(verdict.happened?.id).toBe("fallback");
    expect(verdict.evidence).toMatch(
      /^\d[\d,]* consistent reads finished: \d[\d,]* fell back to etcd\.$/,
    );
  });
});

describe("a verdict's figures match what the page shows beside it", () => {
  const chapter = (id: string) => CHAPTERS.find((c) => c.id === id) as (typeof CHAPTERS)[number];

  it("chapter fresh-window counts 5 relists for its 5 returning watchers, and their pages apart", () => {
    const { question } = chapter("fresh-window");
    const snapshot = decidingSnapshot(
      stepQuery(chapter("fresh-window"), 0),
      question,
      NS_PER_S / 2,
    );
    expect(question.evidence(snapshot as SimSnapshot)).toBe(
      "5 relists (10 page requests), 10 of the pages served by the cache.",
    );
  });

  it("chapter rv0 says that reads still parked are not in Decisions yet", () => {
    const { question } = chapter("rv0");
    const snapshot = decidingSnapshot(stepQuery(chapter("rv0"), 0), question, NS_PER_S / 2);
    expect(snapshot?.waiterCount).toBeGreaterThan(0);
    expect(question.evidence(snapshot as SimSnapshot)).toMatch(
      /^(\d+) RV=0 reads finished: \1 served by the cache without a wait\. \d+ other reads are still parked, waiting for the cache: a consistent read's quorum read for the current RV already shows in etcd's panel, but Decisions lists a read only once it is answered\.$/,
    );
  });
});

describe("docs/page-keys.md", () => {
  it("lists every question's answer ids, as the predict key takes them", () => {
    const text = readFileSync("docs/page-keys.md", "utf8");
    for (const question of [
      ...CHAPTERS.map((c) => c.question),
      ...PRESETS.map((p) => p.question),
    ]) {
      const ids = question.answers.map((answer) => `\`${answer.id}\``).join(", ");
      expect(text).toContain(`| ${ids} |`);
    }
  });
});
