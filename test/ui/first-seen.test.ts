import { describe, expect, it } from "vitest";
import { createScrapedReplay } from "../../src/metrics-export/run-export.ts";
import { parseScenario } from "../../src/model/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import { firstSeenNote, windowedFigures } from "../../src/ui/panels/metrics/windowedFigures.ts";
import { runScrapes } from "../../src/worker/window-scrapes.ts";

// Issue 35, item 6: exported every 60 s, the run's fallback="true" series first appears at the
// 60 s scrape with 1 371 reads already counted. rate() starts from that sample and cannot see
// them (Prometheus showed a peak of about 21/s where the true rate was about 90/s); the page
// computes the same and says so in a line.

const scenario = parseScenario("writes=200@0,6000@30,200@60&ryw=0@0,300@30,0@90").scenario;
const replay = createScrapedReplay([{ sim: createSimulation(scenario), scenario }], 60);
replay.advanceTo(120e9);
const scrapes = runScrapes(replay.families(), undefined, 60, Number.NEGATIVE_INFINITY);
const FELL_BACK = 'success="true", fallback="true"';

describe("a series first seen inside the window", () => {
  it("is named with what it had counted when the window holds its first scrape", () => {
    const figures = windowedFigures(scrapes, { atS: 120, windowS: 300, semantics: "3" });
    const seen = figures.firstSeen.find((one) => one.series === FELL_BACK);
    expect(seen).toEqual({ series: FELL_BACK, firstS: 60, counted: 1379 });
    expect(firstSeenNote(seen ?? { series: "", firstS: 0, counted: 0 })).toBe(
      'success="true", fallback="true" first appeared at 60 s with 1,379 already counted: rate() cannot see those, so the figure is below what happened (Prometheus shows the same).',
    );
    // Its rate is only the rise after 60 s, extrapolated: far below 1 371 reads in 60 s.
    const fellBack = figures.reads.find((r) => r.fallback === "true")?.perSecond ?? 0;
    expect(fellBack).toBeLessThan(1379 / 60);
  });

  it("is not named when the window has left its first scrape out", () => {
    // Prometheus 3's last 1 m at 120 s is (60, 120]: the 60 s scrape is outside.
    expect(windowedFigures(scrapes, { atS: 120, windowS: 60, semantics: "3" }).firstSeen).toEqual(
      [],
    );
    // Prometheus 2 keeps it: [60, 120].
    expect(
      windowedFigures(scrapes, { atS: 120, windowS: 60, semantics: "2" }).firstSeen.map(
        (one) => one.series,
      ),
    ).toContain(FELL_BACK);
  });
});
