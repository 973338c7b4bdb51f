// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { SimSnapshot } from "../../src/sim/snapshot.ts";
import { DivergenceStrip } from "../../src/ui/twin/DivergenceStrip.tsx";
import { createDivergenceLog } from "../../src/ui/twin/divergence.ts";
import { recordedSnapshot } from "./fixtures/snapshot.ts";

afterEach(cleanup);

const MS = 1_000_000;
const base = recordedSnapshot();

/** A frame at `tMs` in which B answered `extra` more consistent reads with 429 than A. */
function pairAt(tMs: number, extra: number): readonly [SimSnapshot, SimSnapshot] {
  const a = { ...base, nowNs: tMs * MS };
  const consistent = {
    ...base.outcomes.consistent,
    "429": base.outcomes.consistent["429"] + extra,
  };
  return [a, { ...a, outcomes: { ...base.outcomes, consistent } }];
}

describe("DivergenceStrip", () => {
  it("ends each row with the shown frame's B − A, as the table does, not the last sample's", () => {
    const log = createDivergenceLog();
    for (let t = 0; t <= 1020; t += 10) log.add(...pairAt(t, t));
    // Samples are 50 ms apart: the newest is at 1000 ms, the shown frame at 1020 ms.
    expect(log.samples.at(-1)?.tNs).toBe(1000 * MS);
    render(<DivergenceStrip samples={log.samples} first={log.first} pair={pairAt(1020, 1020)} />);
    const row = screen.getByText("429 answers").closest("g");
    expect(row).toHaveTextContent("429 answers+1,020");
    expect(row).toHaveClass("apart");
    expect(screen.getByText("fallbacks to etcd").closest("g")).toHaveClass("same");
  });

  it("says 'at 37 s', not 'between 37 s and 37 s', when both moments print as one second", () => {
    const log = createDivergenceLog();
    log.add(...pairAt(37_000, 0));
    log.add(...pairAt(37_500, 5));
    render(<DivergenceStrip samples={log.samples} first={log.first} pair={pairAt(37_500, 5)} />);
    const strip = document.body.textContent ?? "";
    expect(strip).toContain("first differ at 37 s");
    expect(strip).not.toContain("between 37 s and 37 s");
  });
});
