// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { decisionsTable } from "../../src/ui/panels/decisions/decisionsTable.ts";
import { DecisionsPanel } from "../../src/ui/panels/index.ts";
import { recordedSnapshot } from "./fixtures/snapshot.ts";

afterEach(cleanup);

const zeroOutcomes = () => {
  const { outcomes } = recordedSnapshot();
  for (const counts of Object.values(outcomes)) {
    for (const outcome of Object.keys(counts) as Array<keyof typeof counts>) counts[outcome] = 0;
  }
  return outcomes;
};

describe("decisionsTable", () => {
  it("keeps the read kinds that saw requests, in teaching order, then a total row", () => {
    const rows = decisionsTable(recordedSnapshot().outcomes);
    expect(rows.map((row) => [row.kind, row.total])).toEqual([
      ["rv0", 5711],
      ["consistent", 1851],
      ["ryw", 115],
      ["notOlderThan", 1620],
      ["exact", 1860],
      [null, 11157],
    ]);
  });

  it("sums each outcome across kinds in the total row", () => {
    const total = decisionsTable(recordedSnapshot().outcomes).at(-1);
    const byOutcome = Object.fromEntries(
      total?.cells.map((cell) => [cell.outcome, cell.count]) ?? [],
    );
    expect(byOutcome).toEqual({
      cache: 8000,
      cacheAfterWait: 890,
      etcd: 0,
      fallback: 1453,
      "429": 0,
      "504": 722,
      "410": 92,
      other: 0,
    });
  });

  it("has no rows before any read was answered", () => {
    expect(decisionsTable(zeroOutcomes())).toEqual([]);
  });
});

describe("DecisionsPanel", () => {
  it("shows counts and shares per read kind and outcome", () => {
    render(<DecisionsPanel snapshot={recordedSnapshot()} />);
    const headers = screen.getAllByRole("columnheader").map((header) => header.textContent);
    expect(headers).toEqual([
      "read kind",
      "cache",
      "after wait",
      "fallback",
      "504",
      "410",
      "total",
    ]);
    expect(screen.getByRole("columnheader", { name: "504" })).toHaveAttribute(
      "title",
      "504 timeout",
    );
    const consistent = screen.getByRole("row", { name: /^consistent/ });
    const cells = within(consistent)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells).toEqual(["·", "498 27%", "1,353 73%", "·", "·", "1,851"]);
    const exact = screen.getByRole("row", { name: /^exact/ });
    expect(
      within(exact)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["1,628 88%", "118 6%", "·", "22 1%", "92 5%", "1,860"]);
    expect(screen.getByRole("row", { name: /^all reads/ })).toHaveTextContent("11,157");
    expect(screen.queryByRole("row", { name: /^relist/ })).not.toBeInTheDocument();
  });

  it("leaves out the outcomes no read had yet and names them under the table", () => {
    render(<DecisionsPanel snapshot={recordedSnapshot()} />);
    for (const name of ["etcd", "429", "other"]) {
      expect(screen.queryByRole("columnheader", { name })).not.toBeInTheDocument();
    }
    expect(screen.getByText(/^None so far/)).toHaveTextContent(
      "None so far: sent to etcd directly, 429 retry, other error.",
    );
  });

  it("says so when no read has been answered yet", () => {
    render(<DecisionsPanel snapshot={{ ...recordedSnapshot(), outcomes: zeroOutcomes() }} />);
    expect(screen.getByText("No read has been answered yet.")).toBeInTheDocument();
  });
});

describe("DecisionsPanel's units", () => {
  it("counts logical requests and attempts apart, names their counters and the failures", () => {
    render(<DecisionsPanel snapshot={recordedSnapshot()} />);
    expect(screen.getByText(/logical requests ended/)).toHaveTextContent(
      "9,562 logical requests ended (watchcachelab_lists_total): 9,470 ok · 92 failed after up to 10 retries (410: 92) · 11,157 attempts (watchcachelab_reads_total: every page and every retry is one)",
    );
    expect(screen.getByText(/Watches are not counted here/)).toHaveTextContent(
      "a watch that got 410 appears only through the relist it made",
    );
    expect(screen.getByText(/Its fallback column counts first pages/)).toHaveTextContent(
      'as apiserver_watch_cache_consistent_read_total{fallback="true"} does',
    );
  });
});
