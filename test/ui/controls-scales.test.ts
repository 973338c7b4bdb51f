import { describe, expect, it } from "vitest";
import {
  type KeyDescriptor,
  SCENARIO_KEYS,
  type ScenarioKey,
  type ValueSpec,
} from "../../src/model/index.ts";
import { formatSpeed, positionFromSpeed, speedFromPosition } from "../../src/state/speed.ts";
import { joinQuery, scenarioTextOf } from "../../src/state/url.ts";
import { addressQuery } from "../../src/state/url-sync.ts";
import { runSliderRange } from "../../src/ui/controls/RunSlider.tsx";
import {
  lastPosition,
  positionOfValue,
  valueAtPosition,
} from "../../src/ui/controls/slider-scale.ts";

const writes = { min: 0, max: 20000, integer: false };
const watchers = { min: 0, max: 10000, integer: true };
const concurrency = { min: 1, max: 1024, integer: true };

describe("valueAtPosition", () => {
  it("reaches both ends of the range, 0 included", () => {
    for (const range of [writes, watchers, concurrency]) {
      expect(valueAtPosition(0, range)).toBe(range.min);
      expect(valueAtPosition(lastPosition(range), range)).toBe(range.max);
    }
  });

  it("finds the position of a value it produced", () => {
    for (let position = 0; position <= lastPosition(writes); position += 1) {
      const value = valueAtPosition(position, writes);
      expect(valueAtPosition(positionOfValue(value, writes), writes)).toBe(value);
    }
  });

  it("keeps counts whole", () => {
    for (let position = 0; position <= lastPosition(watchers); position += 1) {
      expect(Number.isInteger(valueAtPosition(position, watchers))).toBe(true);
    }
  });

  it("places the defaults on the scale exactly", () => {
    expect(valueAtPosition(positionOfValue(20, writes), writes)).toBe(20);
    expect(valueAtPosition(positionOfValue(8, concurrency), concurrency)).toBe(8);
  });
});

describe("the run keys' sliders", () => {
  it("offer each key's default exactly (the fitted LIST costs and 2 KiB objects included)", () => {
    for (const [key, descriptor] of Object.entries(SCENARIO_KEYS) as [
      ScenarioKey,
      KeyDescriptor<unknown, ValueSpec>,
    ][]) {
      const spec = descriptor.value;
      if (spec.kind !== "number" || key === "v" || key === "seed") continue;
      const range = runSliderRange(key, spec);
      const value = descriptor.default as number;
      expect(valueAtPosition(positionOfValue(value, range), range), key).toBe(value);
    }
  });

  it("reach KEP-2340's rows: 300 000 objects, 1 KiB and 1 MiB", () => {
    const objects = runSliderRange("objects", SCENARIO_KEYS.objects.value);
    const bytes = runSliderRange("objectBytes", SCENARIO_KEYS.objectBytes.value);
    expect(valueAtPosition(lastPosition(objects), objects)).toBe(300000);
    for (const size of [1024, 1048576])
      expect(valueAtPosition(positionOfValue(size, bytes), bytes)).toBe(size);
  });
});

describe("speedFromPosition", () => {
  it("spans 0.1× to 100× on a log scale", () => {
    expect(speedFromPosition(-1)).toBe(0.1);
    expect(speedFromPosition(0)).toBe(1);
    expect(speedFromPosition(2)).toBe(100);
    expect(positionFromSpeed(10)).toBe(1);
    expect(formatSpeed(2.5)).toBe("2.5×");
  });
});

describe("the address", () => {
  it("reads the fragment first and the query string otherwise", () => {
    expect(scenarioTextOf({ hash: "#writes=5", search: "?writes=9" })).toBe("writes=5");
    expect(scenarioTextOf({ hash: "", search: "?writes=9" })).toBe("writes=9");
  });

  it("keeps the codec's readable text and puts page keys last", () => {
    expect(joinQuery("writes=20@0,5@12&herd=10@3", { speed: "10" })).toBe(
      "writes=20@0,5@12&herd=10@3&speed=10",
    );
  });

  it("drops t once the run has left the moment the link opened at", () => {
    expect(addressQuery("lag=800", { t: "12", speed: "2" })).toBe("lag=800&speed=2");
  });
});
