import { describe, expect, it } from "vitest";
import { counted } from "../../src/content/counted.ts";
import { consistentReadQuestion } from "../../src/content/predict/questions/consistent-read.ts";
import { etcdVerdict } from "../../src/ui/panels/etcd/etcdSlots.ts";
import { formatWaited } from "../../src/ui/panels/shared/format.ts";

// Counts of one read wrong on the page: "1 requests wait in line", "for 1 consistent reads",
// "cache after waiting, waited 0 ms".

describe("counts of one", () => {
  it("counted puts the noun in the number the count asks for", () => {
    expect([counted(1, "relist"), counted(2, "relist"), counted(1000, "page request")]).toEqual([
      "1 relist",
      "2 relists",
      "1,000 page requests",
    ]);
  });

  it("etcd's verdict: 1 request waits in line", () => {
    expect(etcdVerdict(8, 1, 8)).toBe("Saturated: every slot is busy and 1 request waits in line.");
    expect(etcdVerdict(8, 1200, 8)).toBe(
      "Saturated: every slot is busy and 1,200 requests wait in line.",
    );
  });

  it("a question waiting for 1 consistent read says so in the singular", () => {
    const question = consistentReadQuestion({ setting: "", minFinished: 1, windowS: 5 });
    expect(question.decides.waitingFor).toBe("1 consistent read to be answered");
  });

  it("a wait shorter than half a millisecond is '<1 ms', not '0 ms'", () => {
    expect(formatWaited(200_000)).toBe("<1 ms");
    expect(formatWaited(2_000_000)).toBe("2 ms");
  });
});
