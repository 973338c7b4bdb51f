import { describe, expect, it } from "vitest";
import { readEmbedKeys } from "../../src/ui/embed/embedKeys.ts";
import { embedQuery, iframeSnippet } from "../../src/ui/embed/embedSnippet.ts";

const PANELS = ["ring", "waiting", "freshness", "decisions", "etcd", "metrics"];

describe("readEmbedKeys", () => {
  it("is no embed without embed=1, and reports nothing for a plain link", () => {
    expect(readEmbedKeys({}, PANELS)).toEqual({ embed: null, issues: [], pageKeys: {} });
  });

  it("reads the chosen panels in the link's order, the window and the loop", () => {
    const reading = readEmbedKeys(
      { embed: "1", panels: "metrics,ring", controls: "0", t: "10", until: "40", loop: "1" },
      PANELS,
    );
    expect(reading.issues).toEqual([]);
    expect(reading.embed).toEqual({
      panels: ["metrics", "ring"],
      controls: false,
      startS: 10,
      untilS: 40,
      loop: true,
    });
  });

  it("shows every panel and the controls by default", () => {
    expect(readEmbedKeys({ embed: "1" }, PANELS).embed).toMatchObject({
      panels: PANELS,
      controls: true,
      untilS: null,
      loop: false,
    });
  });

  it("shows the default panels when none is given or none is known", () => {
    const defaults = PANELS.slice(0, 2);
    expect(readEmbedKeys({ embed: "1" }, PANELS, defaults).embed?.panels).toEqual(defaults);
    expect(readEmbedKeys({ embed: "1", panels: "x" }, PANELS, defaults).embed?.panels).toEqual(
      defaults,
    );
  });

  it("reports an unknown panel with the allowed ids and keeps the known ones", () => {
    const reading = readEmbedKeys({ embed: "1", panels: "ring,radar" }, PANELS);
    expect(reading.embed?.panels).toEqual(["ring"]);
    expect(reading.issues).toEqual([
      {
        key: "panels",
        value: "ring,radar",
        message: `panels: "ring,radar" is not valid: expected a comma list of ${PANELS.join(", ")}; "radar" skipped, showing ring`,
      },
    ]);
    expect(reading.pageKeys).toEqual({ embed: "1", panels: "ring" });
  });

  it("reports bad switches and times with what is allowed and what the page does instead", () => {
    const reading = readEmbedKeys(
      { embed: "yes", controls: "off", until: "soon", speed: "2", tour: "wall" },
      PANELS,
    );
    expect(reading.embed).toBeNull();
    expect(reading.issues.map((issue) => issue.message)).toEqual([
      'embed: "yes" is not valid: expected 1 or 0; embed stays 0',
      'controls: "off" is not valid: expected 1 or 0; controls stays 1',
      'until: "soon" is not valid: expected seconds after t (0); the embed plays on',
    ]);
    expect(reading.pageKeys).toEqual({ speed: "2", tour: "wall" });
  });

  it("says it shows the default panels when none of the given ones is known, and drops the key", () => {
    const reading = readEmbedKeys({ embed: "1", panels: "radar" }, PANELS, ["ring"]);
    expect(reading.issues[0]?.message).toMatch(/; "radar" skipped, showing the default ring$/);
    expect(reading.pageKeys).toEqual({ embed: "1" });
  });

  it("refuses a window that ends before it starts, and a loop without an end", () => {
    const reading = readEmbedKeys({ embed: "1", t: "30", until: "20", loop: "1" }, PANELS);
    expect(reading.embed).toMatchObject({ startS: 30, untilS: null, loop: true });
    expect(reading.issues.map((issue) => issue.key)).toEqual(["until", "loop"]);
  });
});

describe("embedQuery", () => {
  it("writes only the page keys that differ from their defaults, after the scenario", () => {
    const choice = {
      panels: ["ring", "waiting"],
      controls: true,
      startS: 0,
      untilS: null,
      loop: true,
    };
    expect(embedQuery("lag=800", choice)).toBe("lag=800&embed=1&panels=ring%2Cwaiting");
  });

  it("writes the window, the loop and controls=0", () => {
    const choice = { panels: ["etcd"], controls: false, startS: 5, untilS: 35, loop: true };
    expect(embedQuery("", choice)).toBe("embed=1&panels=etcd&controls=0&t=5&until=35&loop=1");
  });
});

describe("iframeSnippet", () => {
  it("builds an iframe with a title and escapes what could close an attribute", () => {
    expect(
      iframeSnippet("https://lab.example/#name=a%22b&embed=1", {
        width: 800,
        height: 450,
        title: 'The "herd" & me',
      }),
    ).toBe(
      '<iframe src="https://lab.example/#name=a%22b&amp;embed=1" width="800" height="450" ' +
        'title="The &quot;herd&quot; &amp; me" loading="lazy" style="border:0"></iframe>',
    );
  });
});
