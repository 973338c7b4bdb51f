// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { encodeScenario, valueAt } from "../../src/model/index.ts";
import { fakeRuntime } from "./tour-runtime.tsx";

describe("the worker's scenario answers", () => {
  it("apply only the answer to the latest command, so an older one undoes no newer move", () => {
    const fake = fakeRuntime("#lag=2900");
    const store = fake.runtime.store;
    const lagNow = () => valueAt(store.getState().scenario.lag, 10e9);
    const answer = () =>
      fake.reply({ type: "scenario", query: encodeScenario(store.getState().scenario) });
    answer(); // the first load's
    const afterFirst = (() => {
      store.getState().setLive("lag", 2950);
      return encodeScenario(store.getState().scenario);
    })();
    store.getState().setLive("lag", 3000);
    expect(lagNow()).toBe(3000);
    // The worker's answer to the first move, which knows nothing of the second, comes now.
    fake.reply({ type: "scenario", query: afterFirst });
    expect(lagNow()).toBe(3000);
    answer(); // to the second move
    expect(lagNow()).toBe(3000);
  });

  it("apply an answer once the page owes none, as after a crash", () => {
    const fake = fakeRuntime("#lag=2900");
    const store = fake.runtime.store;
    store.getState().setLive("lag", 2950);
    fake.reply({ type: "error", message: "boom" });
    fake.reply({ type: "scenario", query: "lag=40" });
    expect(valueAt(store.getState().scenario.lag, 0)).toBe(40);
  });
});
