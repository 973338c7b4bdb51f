import type { Page } from "@playwright/test";

// The page between any two of its tasks, as a reader (or a paint) may find it: after every task a
// check compares each panel's moment (its `data-at-ns`) with each of its canvases'. A reading taken
// by the test itself lands between tasks only now and then; this one looks between all of them.

declare global {
  interface Window {
    __canvasMoments: { checks: number; mismatches: string[] };
  }
}

/** Starts the check in every page `page` opens from now on (call before `goto`). */
export const watchCanvasMoments = (page: Page) =>
  page.addInitScript(() => {
    const seen = { checks: 0, mismatches: [] as string[] };
    window.__canvasMoments = seen;
    const check = () => {
      seen.checks++;
      for (const section of document.querySelectorAll("section[data-at-ns]")) {
        const text = section.getAttribute("data-at-ns");
        for (const canvas of section.querySelectorAll("canvas[data-at-ns]")) {
          const drawn = canvas.getAttribute("data-at-ns");
          if (drawn !== text && seen.mismatches.length < 10) {
            const title = section.querySelector("h2, h3")?.textContent ?? "a panel";
            seen.mismatches.push(`${title}: text at ${text} ns, canvas at ${drawn} ns`);
          }
        }
      }
    };
    // A message to ourselves runs as a task of its own, so each check sits between two tasks.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      check();
      setTimeout(() => channel.port2.postMessage(0), 0);
    };
    channel.port2.postMessage(0);
  });

/** What the check found so far: how many times it looked, and the first mismatches. */
export const canvasMoments = (page: Page) => page.evaluate(() => window.__canvasMoments);
