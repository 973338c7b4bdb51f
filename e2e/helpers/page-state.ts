import { expect, type Page } from "@playwright/test";

// Browser tests wait on what the page says it shows, never on the wall clock: the panel grid
// states the snapshot every panel has rendered (src/ui/layout/pageStatement.ts) as data-sim-time,
// data-load-count and data-playing. Limits are generous (two cores are shared by many builds); a
// wait that holds returns as soon as it holds.

/** How long a wait on a run's progress may take before the test fails. */
export const RUN_WAIT_MS = 30_000;

export interface Shown {
  /** Simulated seconds of the snapshot every panel shows. */
  readonly simS: number;
  /** The worker's load the snapshot comes from: a new number is a new run. */
  readonly loadCount: number;
  /** Whether that run was playing when the snapshot was taken. */
  readonly playing: boolean;
}

/** What the panels show now, or null while they are being handed a newer snapshot. */
export async function shown(page: Page): Promise<Shown | null> {
  return page.evaluate(() => {
    const grid = document.querySelector<HTMLElement>('[data-testid="run-panels"]');
    const { simTime, loadCount, playing } = grid?.dataset ?? {};
    if (simTime === undefined || loadCount === undefined || playing === undefined) return null;
    return { simS: Number(simTime), loadCount: Number(loadCount), playing: playing === "true" };
  });
}

/** Waits until the panels show a moment for which `holds` is true, and returns that moment. */
export async function waitForShown(
  page: Page,
  holds: (now: Shown) => boolean,
  { timeout = RUN_WAIT_MS, what = "the panels to show the expected moment" } = {},
): Promise<Shown> {
  let last: Shown | null = null;
  await expect
    .poll(
      async () => {
        last = await shown(page);
        return last !== null && holds(last);
      },
      { timeout, message: `waiting for ${what}` },
    )
    .toBe(true);
  return last as unknown as Shown;
}

/** Waits until the panels show at least `seconds` of simulated time. */
export const waitForSimTime = (page: Page, seconds: number, timeout = RUN_WAIT_MS) =>
  waitForShown(page, (now) => now.simS >= seconds, {
    timeout,
    what: `the panels to show ${seconds} s of simulated time`,
  });

/** Waits until the panels show a paused run's moment (every panel rendered it) and returns it. */
export const waitForPaused = (page: Page, timeout = RUN_WAIT_MS) =>
  waitForShown(page, (now) => !now.playing, { timeout, what: "the panels to show a paused run" });

/** Waits until the panels show `seconds` of a paused run (a seek, a step). */
export const waitForPausedAt = (page: Page, seconds: number, timeout = RUN_WAIT_MS) =>
  waitForShown(page, (now) => !now.playing && Math.abs(now.simS - seconds) < 1e-9, {
    timeout,
    what: `the panels to show the paused run at ${seconds} s`,
  });

/** The header clock's simulated seconds (it redraws every frame, one decimal). */
export const clockSeconds = async (page: Page) =>
  Number.parseFloat((await page.getByTestId("simulated-seconds").textContent()) ?? "0");
