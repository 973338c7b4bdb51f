import { describe, expect, it } from "vitest";
import { oracleCheckText } from "../../src/content/oracle-check.ts";
import status from "../../src/content/oracle-status.json" with { type: "json" };

// The version select's line on how a version was checked says what the oracle's status file
// says (test/oracle/against-real.test.ts keeps that file equal to the committed outcomes).

describe("the version's check, as the page says it", () => {
  it.each(Object.keys(status))(
    "gives the module, the day and how many scripts agree for %s, which the oracle ran",
    (v) => {
      const s = (
        status as Record<
          string,
          {
            module: string;
            scripts: number;
            agree: number;
            checkedOn: string;
            allowListEntries: number;
          }
        >
      )[v];
      if (s === undefined) throw new Error(`no oracle status for ${v}`);
      const text = oracleCheckText(v);
      expect(text).toContain(s.module.replace("@", " "));
      expect(text).toContain(s.checkedOn);
      expect(text).toContain(
        s.agree === s.scripts
          ? `all ${s.scripts} scripts answer exactly as it does`
          : `${s.agree} of ${s.scripts} scripts answer exactly as it does, ${s.scripts - s.agree} still differ`,
      );
      expect(text).toContain(
        s.allowListEntries === 0
          ? "the allow-list accepts no difference"
          : `the allow-list accepts ${s.allowListEntries} kinds of difference`,
      );
    },
  );

  it("says a version the oracle has not run is checked by the transcribed tests only", () => {
    expect(oracleCheckText("1.32")).toBe(
      "1.32: checked against upstream's unit tests, transcribed; not yet run against its released code.",
    );
  });
});
