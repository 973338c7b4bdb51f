import { describe, expect, it } from "vitest";
import { durationTickText, secondsTickText } from "../../src/ui/panels/shared/tickText.ts";

describe("secondsTickText", () => {
  it("tells apart the ticks of an axis a fraction of a second long", () => {
    // The freshness timeline at the run's start printed "0 s, 0.0 s, 0.0 s, 0.1 s, 0.1 s".
    expect(secondsTickText([0, 0.02, 0.04, 0.06, 0.08])).toEqual([
      "0 s",
      "0.02 s",
      "0.04 s",
      "0.06 s",
      "0.08 s",
    ]);
  });

  it("prints whole seconds without decimals", () => {
    expect(secondsTickText([0, 20, 40])).toEqual(["0 s", "20 s", "40 s"]);
  });
});

describe("durationTickText", () => {
  it("tells apart the follow pane's lanes a few milliseconds long", () => {
    // The lanes printed "+1 ms +1 ms +2 ms +2 ms".
    expect(durationTickText([0, 0.5e6, 1e6, 1.5e6, 2e6])).toEqual([
      "0 ms",
      "0.5 ms",
      "1.0 ms",
      "1.5 ms",
      "2.0 ms",
    ]);
  });

  it("switches to seconds from a second on", () => {
    expect(durationTickText([0, 2e9, 4e9])).toEqual(["0 s", "2 s", "4 s"]);
  });
});
