import { describe, expect, it } from "vitest";
import { estimateRunBytes, runItems } from "../../src/worker/run-size.ts";
import { run } from "./simulation-helpers.ts";

// worker/run-size.ts estimates what a run holds so the worker can keep its runs under a budget;
// an estimate below what a run holds lets the page run out of memory. What a run holds is not
// measured here (heap figures belong to scripts/bench-run-size-browser.mjs): this counts a floor
// of it exactly, the bytes of every typed array reachable from the run, which the estimate must
// stay above. The scenario is one where the cache lags far behind etcd, so that the two columns of
// times that grow with the lag, the revision clock and the watch stream's backlog, hold most of
// those bytes.

/** Bytes of the distinct ArrayBuffers reachable from `root` through properties, arrays, maps and sets. */
function typedBytes(root: object): number {
  const seen = new Set<object>();
  const buffers = new Set<ArrayBufferLike>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    if (ArrayBuffer.isView(value)) {
      buffers.add(value.buffer);
      continue;
    }
    if (value instanceof Map) {
      for (const [k, v] of value) stack.push(k, v);
    } else if (value instanceof Set) {
      for (const v of value) stack.push(v);
    }
    for (const key of Reflect.ownKeys(value)) {
      const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
      if (descriptor !== undefined && "value" in descriptor) stack.push(descriptor.value);
    }
  }
  let total = 0;
  for (const buffer of buffers) total += buffer.byteLength;
  return total;
}

describe("the run-size estimate", () => {
  it("stays above the typed columns of a run whose cache lags far behind etcd", () => {
    // 40 000 revisions and 20 000 events a second; the cache takes in 500 of them.
    const sim = run("writes=20000&otherWrites=20000&objects=1000&processRate=500", 10);
    const items = runItems(sim);
    const lagColumns = 8 * (items.clockSlots + items.backlogSlots);
    const floor = typedBytes(sim);
    const estimate = estimateRunBytes({ main: sim, twin: null } as never);
    // The lag's columns are so much of the floor that an estimate without them falls below it.
    expect(estimate - lagColumns).toBeLessThan(floor);
    expect(estimate).toBeGreaterThan(floor);
  });

  it("counts the revision clock's and the backlog's slots, kept or not", () => {
    const sim = run("writes=2000&processRate=100", 20);
    const items = runItems(sim);
    // The backlog holds the events etcd sent beyond what the cache took in.
    expect(sim.world.stream.backlog).toBeGreaterThan(30_000);
    expect(items.backlogSlots).toBeGreaterThanOrEqual(sim.world.stream.backlog);
    // The clock keeps at least the revisions above the cache's.
    expect(items.clockSlots).toBeGreaterThanOrEqual(sim.world.clock.kept);
    expect(sim.world.clock.kept).toBeGreaterThan(
      sim.world.kv.revision - sim.world.cache.resourceVersion,
    );
  });
});
