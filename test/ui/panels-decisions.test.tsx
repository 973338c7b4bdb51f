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
      ["rv0", 6120],
      ["consistent", 687],
      ["ryw", 273],
      ["notOlderThan", 354],
      ["exact", 105],
      [null, 7539],
    ]);
  });

  it("sums each outcome across kinds in the total row", () => {
    const total = decisionsTable(recordedSnapshot().outcomes).at(-1);
    const byOutcome = Object.fromEntries(
      total?.cells.map((cell) => [cell.outcome, cell.count]) ?? [],
    );
    expect(byOutcome).toEqual({
      cache: 6543,
      cacheAfterWait: 777,
      etcd: 22,
      fallback: 184,
      "429": 0,
      "504": 9,
      "410": 3,
      other: 1,
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
      "etcd",
      "fallback",
      "504",
      "410",
      "other",
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
    expect(cells).toEqual(["31 5%", "512 75%", "·", "143 21%", "·", "·", "1 <1%", "687"]);
    expect(screen.getByRole("row", { name: /^all reads/ })).toHaveTextContent("7,539");
    expect(screen.queryByRole("row", { name: /^relist/ })).not.toBeInTheDocument();
  });

  it("leaves out the outcomes no read had yet and names them under the table", () => {
    render(<DecisionsPanel snapshot={recordedSnapshot()} />);
    expect(screen.queryByRole("columnheader", { name: "429" })).not.toBeInTheDocument();
    expect(screen.getByText("None so far: 429 retry.")).toBeInTheDocument();
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
      "7,315 logical requests ended (watchcachelab_lists_total): 7,300 ok · 15 failed after up to 10 retries (429: 3, 504: 12) · 7,539 attempts (watchcachelab_reads_total: every page and every retry is one)",
    );
    expect(screen.getByText(/Watches are not counted here/)).toHaveTextContent(
      "a watch that got 410 appears only through the relist it made",
    );
    expect(screen.getByText(/Its fallback column counts first pages/)).toHaveTextContent(
      'as apiserver_watch_cache_consistent_read_total{fallback="true"} does',
    );
  });
});
