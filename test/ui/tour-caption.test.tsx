// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CHAPTERS } from "../../src/content/tour/chapters/index.ts";
import { TourCaption } from "../../src/ui/tour/TourCaption.tsx";
import { recordedSnapshot } from "./fixtures/snapshot.ts";

afterEach(cleanup);

// A step with a scenario of its own starts its run again from 0 s: "Paused at 1.0 s", then
// "Paused at 0.1 s" read as the tour jumping back in time, unless the caption says why.

const step = CHAPTERS.find((c) => c.id === "herd")?.steps[2];
if (step === undefined) throw new Error("the herd chapter's third step is gone");

describe("TourCaption", () => {
  const shown = { ...recordedSnapshot(), nowNs: 100_000_000 };
  const quoteOf = (restarted: boolean) => {
    render(
      <TourCaption
        step={step}
        sighting={{ atNs: shown.nowNs, taken: "" }}
        shown={shown}
        playing={false}
        restarted={restarted}
      />,
    );
    return screen.getByTestId("tour-quote").textContent;
  };

  it("says the step's run restarted from 0 s when it did", () => {
    expect(quoteOf(true)).toMatch(
      /^Paused at 0\.1 s of this step's own run, restarted from 0 s, the moment this happened/,
    );
  });

  it("says only the moment when the step goes on with the same run", () => {
    expect(quoteOf(false)).toMatch(/^Paused at 0\.1 s, the moment this happened/);
  });
});
