import { expect, type Page, test } from "@playwright/test";
import {
  defaultScene,
  freePlayAfterTour,
  metricsAfterHerd,
  metricsOverLastMinute,
  presetsGallery,
  tourChapterEight,
  twinRun,
  LAYOUT_VIEWPORTS as VIEWPORTS,
} from "./helpers/layout-scenes.ts";

// The layout check: at a phone's, a laptop's and a desktop's size, nothing runs past the viewport's
// right edge and no text element is wider than its box; inside the Metrics panel no two pieces of
// text overprint each other (the histogram's counts and bounds). The same scenes' pictures in
// docs/screenshots/ are taken by `npm run screenshots` (scripts/screenshots/layout.shot.ts).

/** Elements past the right edge, and text boxes whose content is wider than they are. */
const overflows = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const edge = document.documentElement.clientWidth;
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}.${[...element.classList].join(".")} "${(element.textContent ?? "").trim().slice(0, 40)}"`;
    for (const element of document.querySelectorAll("body *")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(element);
      // A scroll box (a wide table in a narrow panel) may hold more than it shows, by design.
      if (element.closest(".wcl-table-scroll, .visually-hidden, .wcl-visually-hidden")) continue;
      // A closed <details> keeps its content laid out but unseen.
      if (element.closest("details:not([open]) > :not(summary)")) continue;
      if (box.right > edge + 1 && style.position !== "fixed")
        found.push(`past the edge: ${name(element)}`);
      const clips = style.overflowX === "hidden" || style.overflowX === "clip";
      if (clips && element.scrollWidth > element.clientWidth + 1 && element.children.length === 0) {
        found.push(`text wider than its box: ${name(element)}`);
      }
    }
    return found;
  });

/**
 * Pairs of text fragments inside a panel that overprint or run together: glyph boxes (one per line
 * box) that overlap, or, for text in different blocks (two buckets' counts), that stand closer than
 * a hair's gap, so "1,407" and "1,503" never read as "1,4071,503".
 */
const overprints = (page: Page, panelName: string) =>
  page.evaluate((heading) => {
    const panel = [...document.querySelectorAll("section.wcl-panel")].find(
      (section) => section.querySelector("h2")?.textContent?.trim() === heading,
    );
    if (panel === undefined) return [`no panel "${heading}"`];
    const blockOf = (element: Element): Element => {
      let at: Element = element;
      while (at !== panel && at.parentElement !== null && getComputedStyle(at).display === "inline")
        at = at.parentElement;
      return at;
    };
    const fragments: { text: string; box: DOMRect; block: Element }[] = [];
    const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = (node.textContent ?? "").trim();
      const parent = node.parentElement;
      if (
        text === "" ||
        parent === null ||
        parent.closest(".wcl-visually-hidden, .visually-hidden")
      )
        continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects())
        if (box.width > 0 && box.height > 0) fragments.push({ text, box, block: blockOf(parent) });
    }
    const found: string[] = [];
    const GAP_PX = 2;
    for (const [i, a] of fragments.entries()) {
      for (const b of fragments.slice(i + 1)) {
        const gap = a.block === b.block ? -1 : GAP_PX;
        const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (across > -gap && down > 1)
          found.push(`"${a.text.slice(0, 30)}" against "${b.text.slice(0, 30)}"`);
      }
    }
    return found;
  }, panelName);

for (const viewport of VIEWPORTS) {
  test(`layout at ${viewport.width}×${viewport.height}: the default scenario`, async ({ page }) => {
    await defaultScene(page, viewport);
    expect(await overflows(page)).toEqual([]);
    expect(await overprints(page, "Metrics")).toEqual([]);
  });
}

/**
 * Metric names and PromQL in the Metrics panels that are clipped, or broken inside a word: a line
 * may start after a space or at a break opportunity (src/ui/text/CodeBreaks.tsx puts a <wbr>
 * between an expression's parts, so each part is its own text node), nowhere else.
 */
const brokenMetricNames = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const panels = [...document.querySelectorAll("section.wcl-panel")].filter(
      (section) => section.querySelector("h2")?.textContent?.trim() === "Metrics",
    );
    for (const code of panels.flatMap((panel) => [...panel.querySelectorAll(".wcl-mono")])) {
      const whole = (code.textContent ?? "").trim();
      if (code.scrollWidth > code.clientWidth + 1 && getComputedStyle(code).display !== "inline")
        found.push(`clipped: "${whole}"`);
      const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        // A new line may start after a space, or where a text node starts (after a <wbr>).
        const text = node.textContent ?? "";
        const range = document.createRange();
        let lastTop: number | null = null;
        for (let i = 0; i < text.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const box = [...range.getClientRects()].find((r) => r.width > 0);
          if (box === undefined) continue;
          const top = Math.round(box.top);
          if (lastTop !== null && top > lastTop + 1 && !/\s/.test(text[i - 1] ?? " ")) {
            found.push(
              `"${text.slice(Math.max(0, i - 6), i)}|${text.slice(i, i + 6)}" in "${whole}"`,
            );
          }
          lastTop = top;
        }
      }
    }
    return found;
  });

for (const viewport of VIEWPORTS) {
  // Four-digit counts in neighbouring buckets: the herd's waits spread over the histogram.
  test(`layout at ${viewport.width}×${viewport.height}: the Metrics panel after a herd`, async ({
    page,
  }) => {
    const metrics = await metricsAfterHerd(page, viewport);
    expect(await overflows(page)).toEqual([]);
    expect(await overprints(page, "Metrics")).toEqual([]);
    expect(await brokenMetricNames(page)).toEqual([]);
    // Over the last minute: the longest names, each figure's PromQL with its labels.
    await metricsOverLastMinute(metrics);
    expect(await overflows(page)).toEqual([]);
    expect(await brokenMetricNames(page)).toEqual([]);
  });
}

for (const viewport of VIEWPORTS) {
  test(`layout at ${viewport.width}×${viewport.height}: the presets gallery`, async ({ page }) => {
    await presetsGallery(page, viewport);
    expect(await overflows(page)).toEqual([]);
    // Every card inside the sheet, none past its right edge.
    const outside = await page.evaluate(() => {
      const sheet = document.querySelector(".preset-list")?.getBoundingClientRect();
      if (sheet === undefined) return ["no gallery"];
      return [...document.querySelectorAll(".preset-list li")]
        .filter((card) => card.getBoundingClientRect().right > sheet.right + 1)
        .map((card) => (card.textContent ?? "").slice(0, 30));
    });
    expect(outside).toEqual([]);
  });
}

for (const viewport of VIEWPORTS) {
  test(`layout at ${viewport.width}×${viewport.height}: a twin run`, async ({ page }) => {
    await twinRun(page, viewport);
    expect(await overflows(page)).toEqual([]);
  });
}

/** Text inside `selector` that runs past the box's right edge (a long metric name unbroken). */
const textPastBox = (page: Page, selector: string) =>
  page.evaluate((css) => {
    const box = document.querySelector(css);
    if (box === null) return [`no ${css}`];
    const right = box.getBoundingClientRect().right;
    const found: string[] = [];
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width > 0 && rect.right > right + 1)
          found.push((node.textContent ?? "").slice(0, 40));
      }
    }
    return found;
  }, selector);

for (const viewport of VIEWPORTS) {
  test(`layout at ${viewport.width}×${viewport.height}: the tour's long metric names stay inside it`, async ({
    page,
  }) => {
    const tour = await tourChapterEight(page, viewport);
    expect(await textPastBox(page, '[data-testid="tour"]')).toEqual([]);
    await freePlayAfterTour(page, tour);
    expect(await textPastBox(page, '[data-testid="free-play"]')).toEqual([]);
  });
}
