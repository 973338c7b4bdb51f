import { describe, expect, it } from "vitest";
import { WaitTally } from "../../src/sim/apiserver/wait-tally.ts";
import { ms } from "../../src/sim/time.ts";

describe("the wait tally", () => {
  it("counts a wait of exactly 110 ms or 250 ms as within, a nanosecond more as not", () => {
    const tally = new WaitTally();
    for (const waited of [0, ms(110), ms(110) + 1, ms(250), ms(250) + 1, ms(3000)])
      tally.record(waited, waited === ms(3000));
    expect(tally.view()).toEqual({ waits: 6, within110ms: 2, within250ms: 4, atWall: 1 });
  });
});
