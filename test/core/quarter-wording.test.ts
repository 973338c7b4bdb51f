import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { QUARTER_POINT_EVENT } from "../../src/content/quarter-point.ts";
import { ring } from "../../src/content/tour/chapters/ring.ts";
import { RESIZE_CACHE_LOCKED } from "../../src/ui/code/pseudocode/resizeCacheLocked.ts";
import { outlookSentences } from "../../src/ui/panels/ring/resizeOutlook.ts";

// The shrink rule's reference event had three wordings (pseudocode, ring panel, tour), one of them
// wrong ("even its newest quarter is older": only the quarter's oldest event need be). One wording
// now, from src/content/quarter-point.ts.

const ROOT = resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the shrink rule's quarter point", () => {
  it("has no other wording in the page's text", () => {
    const other = /\b(newest|recent) quarter\b|quarter[- ]point/i;
    const offenders = sourceFiles(join(ROOT, "src"))
      .filter((path) => !path.includes(`${join("src", "sim")}`))
      .filter((path) => !path.endsWith("quarter-point.ts"))
      .filter((path) => other.test(readFileSync(path, "utf8").replace(/^import .*$/gm, "")))
      .map((path) => relative(ROOT, path));
    expect(offenders).toEqual([]);
  });

  it("is worded the same in the pseudocode, the ring's outlook and the tour", () => {
    const shrinkLine = RESIZE_CACHE_LOCKED.lines.find((line) => line.text.includes("¼ point"));
    expect(shrinkLine?.text).toContain(QUARTER_POINT_EVENT);
    expect(outlookSentences.shrink).toContain(QUARTER_POINT_EVENT);
    const captions = ring.steps.map((step) => step.caption).join(" ");
    expect(captions).toContain(QUARTER_POINT_EVENT);
  });
});
