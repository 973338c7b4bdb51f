import { describe, expect, it } from "vitest";
import { hex32, WordHash } from "../../src/sim/word-hash.ts";

// `event` is `time` and two `word`s written out in one call for the trace hash's hot path; the
// digest every golden run pins depends on the two staying the same function of the same words.

describe("the trace hash's event mixing", () => {
  it("gives the digest of its time's two words, then kind and id, mixed one by one", () => {
    const byEvent = new WordHash(0x811c9dc5, 0x01000193);
    const byWord = new WordHash(0x811c9dc5, 0x01000193);
    // Times below and above 2^32 ns, at 0 and past 2^53 / 2^20; ids beyond 2^31 and negative.
    const times = [0, 1, 999_999_999, 4_294_967_296, 7_200_000_000_123, 2 ** 52 + 7];
    const ids = [0, 1, 2 ** 31 + 5, -1, 123_456];
    let kind = 0;
    for (const atNs of times) {
      for (const id of ids) {
        byEvent.event(atNs, kind, id);
        byWord.time(atNs);
        byWord.word(kind);
        byWord.word(id >>> 0);
        kind = (kind + 3) % 17;
        expect(hex32(byEvent.hi) + hex32(byEvent.lo)).toBe(hex32(byWord.hi) + hex32(byWord.lo));
      }
    }
    expect(hex32(byEvent.hi) + hex32(byEvent.lo)).not.toBe("811c9dc501000193");
  });
});
