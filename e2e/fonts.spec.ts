import { expect, type Page, test } from "@playwright/test";
import { PRESETS, presetScenarioQuery } from "../src/content/presets.ts";
import { PAGE_FONTS, PAGE_SYMBOLS } from "../src/ui/fonts/page-fonts.ts";
import { waitForSimTime } from "./helpers/page-state.ts";

// The page resolves its fonts a few per task before its first render (src/ui/fonts/warm-fonts.ts),
// so that the first layout asks the browser for none at once. That holds only while the list
// names every font and symbol the first view draws text in: a font missing from it is resolved
// in the middle of a layout again.

/** Each font the page draws visible text in, as the browser computes it, with its characters. */
const usedFonts = (page: Page) =>
  page.evaluate(() => {
    const key = (style: CSSStyleDeclaration) =>
      `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const used = new Set<string>();
    let characters = "";
    const visible = (element: Element) =>
      element.getClientRects().length > 0 && getComputedStyle(element).visibility === "visible";
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const element = node.parentElement;
      if (element === null || node.textContent?.trim() === "" || !visible(element)) continue;
      used.add(key(getComputedStyle(element)));
      characters += node.textContent;
    }
    for (const control of document.querySelectorAll("input, select, button, textarea"))
      if (visible(control)) used.add(key(getComputedStyle(control)));
    return { used: [...used], characters };
  });

/** `fonts` as the browser computes them, keyed like `usedFonts`. */
const computed = (page: Page, fonts: readonly string[]) =>
  page.evaluate((list) => {
    const probe = document.createElement("span");
    document.body.append(probe);
    const keys = list.map((font) => {
      probe.style.font = font;
      const style = getComputedStyle(probe);
      return `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    });
    probe.remove();
    return keys;
  }, fonts);

const large = PRESETS.find((preset) => preset.id === "large-cluster");
const pages = [
  { name: "the default scenario", hash: "" },
  { name: "the large cluster", hash: `${large ? presetScenarioQuery(large) : ""}&predict=skip` },
];

for (const { name, hash } of pages) {
  test(`the fonts resolved before the first render cover ${name}'s first view`, async ({
    page,
  }) => {
    await page.goto(`/#${hash}`);
    await waitForSimTime(page, 2);
    const { used, characters } = await usedFonts(page);
    const listed = new Set(await computed(page, PAGE_FONTS));
    expect(used.filter((font) => !listed.has(font))).toEqual([]);
    const beyondAscii = [...new Set(characters)].filter(
      (c) => c > "~" && !PAGE_SYMBOLS.includes(c),
    );
    expect(beyondAscii).toEqual([]);
  });
}
