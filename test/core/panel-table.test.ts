import { describe, expect, it } from "vitest";
import {
  EMBED_FIRST_IDS,
  GRID_PANEL_IDS,
  PANELS,
  panelHeadingId,
  TWIN_FIRST_IDS,
  titleOfHeading,
} from "../../src/content/panels.ts";
import { PRESETS } from "../../src/content/presets.ts";
import { CHAPTERS } from "../../src/content/tour/chapters/index.ts";

// The panel table is the one list of panels: what derives from it must agree with it, and what
// the tour and the questions point at must be in it.

describe("the panel table", () => {
  it("has unique ids and titles of words, so a heading id reads back to its title", () => {
    expect(new Set(PANELS.map((panel) => panel.id)).size).toBe(PANELS.length);
    for (const panel of PANELS) {
      // PanelId's type joins the lower-cased words with "-": the frame's id must say the same.
      expect(panel.title).toMatch(/^[A-Za-z]+( [A-Za-z]+)*$/);
      expect(panelHeadingId(panel.title)).toBe(
        `panel-${panel.title.toLowerCase().replaceAll(" ", "-")}`,
      );
      expect(titleOfHeading(panelHeadingId(panel.title) as never)).toBe(panel.title);
    }
  });

  it("chooses first only panels the embed dialog and the twin view can show", () => {
    expect(EMBED_FIRST_IDS.length).toBeGreaterThan(0);
    expect(TWIN_FIRST_IDS.every((id) => (GRID_PANEL_IDS as readonly string[]).includes(id))).toBe(
      true,
    );
  });

  it("holds every panel a tour chapter or a question points at", () => {
    const titles = new Set<string>(PANELS.map((panel) => panel.title));
    const pointedAt = [
      ...CHAPTERS.flatMap((chapter) => [
        ...chapter.question.answers.map((answer) => answer.panel),
        ...chapter.steps.map((step) => step.panel),
      ]),
      ...PRESETS.flatMap((preset) => preset.question.answers.map((answer) => answer.panel)),
    ];
    expect(pointedAt.length).toBeGreaterThan(10);
    for (const heading of pointedAt) expect(titles.has(titleOfHeading(heading))).toBe(true);
  });
});
