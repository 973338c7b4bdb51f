import { beforeAll, describe, expect, it } from "vitest";
import { describeDifference } from "../../src/conformance/oracle/compare.ts";
import {
  corpusFor,
  OUTCOMES_DIR,
  openFile,
  outcomesFile,
  readAllow,
  readOpen,
  readOutcomes,
  statusOf,
  verdicts,
} from "../../src/conformance/oracle/corpus.ts";
import { versionsWithOutcomes } from "../../src/conformance/oracle/versions.ts";
import oracleStatus from "../../src/content/oracle-status.json" with { type: "json" };

// The model against what the released k8s.io/apiserver answered on the corpus (docs/oracle.md):
// the real outcomes are committed, so this runs without Go; `npm run oracle -- --check` re-derives
// them from the real code where Go is present. A script may differ only if the ledger of open
// differences lists it, and a listed script must still differ.

// Every minor with committed outcomes, each running the corpus under its own `k8s`.
const versions = versionsWithOutcomes(OUTCOMES_DIR);

it("has committed outcomes for 1.33 … 1.37", () => {
  expect(versions).toEqual(["1.33", "1.34", "1.35", "1.36", "1.37"]);
});

describe.each(versions)("the model against k8s.io/apiserver %s", (k8s) => {
  const { header, outcomes } = readOutcomes(outcomesFile(k8s));
  const scripts = corpusFor(k8s, header.randomSeeds);
  const open = readOpen(openFile(k8s));
  let results: ReturnType<typeof verdicts> = [];
  beforeAll(() => {
    results = verdicts(scripts, outcomes, readAllow());
  }, 600_000);

  it("has a real outcome for every script of the corpus", () => {
    expect(scripts.filter((s) => !outcomes.has(s.name)).map((s) => s.name)).toEqual([]);
    expect(header.randomSeeds).toBeGreaterThanOrEqual(500); // issue 33: at least 500 random scripts a minor
  });

  it("differs from it only on scripts listed as open", () => {
    const unlisted = results.filter(
      (r) => (r.sorted?.rejected.length ?? 0) > 0 && open[r.script.name] === undefined,
    );
    const text = unlisted.flatMap((r) =>
      (r.sorted?.rejected ?? []).slice(0, 5).map((d) => describeDifference(d, r.script)),
    );
    expect(text.join("\n")).toBe("");
  });

  it("is summed up on the page as it stands", () => {
    const status = (oracleStatus as Record<string, unknown>)[k8s];
    expect(status).toEqual(statusOf(header, results, readAllow()));
  });

  it("still differs on every script listed as open", () => {
    const agreeing = results.filter(
      (r) => open[r.script.name] !== undefined && r.sorted?.rejected.length === 0,
    );
    expect(agreeing.map((r) => r.script.name)).toEqual([]);
  });
});
