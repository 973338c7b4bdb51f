import { describe, expect, it } from "vitest";
import { oracleCheckText } from "../../src/content/oracle-check.ts";
import status from "../../src/content/oracle-status.json" with { type: "json" };

// The version select's line on how a version was checked says what the oracle's status file
// says (test/oracle/against-real.test.ts keeps that file equal to the committed outcomes).

describe("the version's check, as the page says it", () => {
  it("gives the module, the day and how many scripts agree for a version the oracle ran", () => {
    const s = (
      status as Record<
        string,
        { module: string; scripts: number; agree: number; checkedOn: string }
      >
    )["1.37"];
    if (s === undefined) throw new Error("no oracle status for 1.37");
    const text = oracleCheckText("1.37");
    expect(text).toContain(s.module.replace("@", " "));
    expect(text).toContain(s.checkedOn);
    expect(text).toContain(`${s.agree} of ${s.scripts} scripts`);
  });

  it("says a version the oracle has not run is checked by the transcribed tests only", () => {
    expect(oracleCheckText("1.33")).toBe(
      "1.33: checked against upstream's unit tests, transcribed; not yet run against its released code.",
    );
  });
});
