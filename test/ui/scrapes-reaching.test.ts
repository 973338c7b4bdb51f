import { describe, expect, it, vi } from "vitest";
import { createMetricsWindow, scrapesReaching } from "../../src/state/metrics-window.ts";
import type { WindowScrapes } from "../../src/worker/protocol.ts";

const scrapesAt = (atS: number): WindowScrapes => ({ atS, stepS: 15, windowS: 60, runs: [] });

describe("scrapesReaching", () => {
  it("waits for the scrapes of the moment, not the older ones at hand", async () => {
    const answers: ((scrapes: WindowScrapes) => void)[] = [];
    const store = createMetricsWindow(() => new Promise((resolve) => answers.push(resolve)));
    store.getState().setWindow(60);
    answers.shift()?.(scrapesAt(64));
    await Promise.resolve();
    expect(store.getState().scrapes?.atS).toBe(64);

    let reached = false;
    const waiting = scrapesReaching(store, 75, 60_000).then(() => {
      reached = true;
    });
    await Promise.resolve();
    expect(reached).toBe(false);
    expect(answers).toHaveLength(1); // it asked for newer scrapes
    answers.shift()?.(scrapesAt(75));
    await waiting;
    expect(store.getState().scrapes?.atS).toBe(75);
  });

  it("resolves at once since the start, and after its timeout when no scrapes come", async () => {
    const store = createMetricsWindow(() => new Promise(() => {}));
    await scrapesReaching(store, 75, 60_000);
    store.getState().setWindow(60);
    vi.useFakeTimers();
    let given = false;
    const waiting = scrapesReaching(store, 75, 2000).then(() => {
      given = true;
    });
    await vi.advanceTimersByTimeAsync(1999);
    expect(given).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(given).toBe(true);
    expect(store.getState().scrapes).toBeNull();
    vi.useRealTimers();
  });
});
