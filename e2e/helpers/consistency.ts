import { expect, type Page } from "@playwright/test";
import { formatClock } from "../../src/ui/controls/clockSeconds.ts";

// The consistency check: what the page shows, read from the DOM, and the invariants that must hold
// between its parts at one moment (one snapshot): the clock, every panel and canvas, the headline
// and the list of one panel, a tour caption and a breakpoint's note. Each violation is a sentence
// naming the moment, so a failing moment reads as the regression test it becomes.

/** One panel as shown: its moment, its words, and the parts the invariants compare. */
export interface PanelReading {
  id: string;
  /** "A" or "B" in a twin run, "" otherwise. */
  side: string;
  atNs: string | null;
  text: string;
  headline: string;
  canvases: { atNs: string | null; printed: string | null }[];
  waiterRows: number;
  more: string;
  calm: string;
  facts: Record<string, string>;
  outlook: string;
  /** The histogram's bars, "le 0.005 s: 12". */
  buckets: string[];
  capacityLine: string;
  /** The consistent_read_total table: label text → count text. */
  series: [string, string][];
  /** The Decisions table: header cells, then each row's cells (row header first). */
  decisions: { head: string[]; rows: string[][] } | null;
}

export interface PageReading {
  clock: string;
  panels: PanelReading[];
  caption: { text: string; atNs: string | null; seenNs: string | null } | null;
  breakNote: string;
}

export function readPage(page: Page): Promise<PageReading> {
  return page.evaluate(() => {
    const text = (element: Element | null | undefined) =>
      (element?.textContent ?? "").replace(/\s+/g, " ").trim();
    const panels = [...document.querySelectorAll("section.wcl-panel")].map((section) => {
      const facts: Record<string, string> = {};
      for (const term of section.querySelectorAll("dl.wcl-facts > dt")) {
        facts[text(term)] = text(term.nextElementSibling);
      }
      const table = section.querySelector("table.wcl-decisions");
      return {
        id: section.getAttribute("aria-labelledby") ?? "",
        side: (section.closest(".twin-cell") as HTMLElement | null)?.dataset["side"] ?? "",
        atNs: section.getAttribute("data-at-ns"),
        text: text(section),
        headline: text(section.querySelector(".wcl-headline")),
        canvases: [...section.querySelectorAll("canvas")].map((canvas) => ({
          atNs: canvas.getAttribute("data-at-ns"),
          printed: canvas.getAttribute("data-printed"),
        })),
        waiterRows: section.querySelectorAll("ol.wcl-waiters > li").length,
        more: text(section.querySelector(".wcl-more")),
        calm: text(section.querySelector(".wcl-calm")),
        facts,
        outlook: text(section.querySelector(".wcl-ring__outlook")),
        buckets: [...section.querySelectorAll(".wcl-bucket")].map(
          (bucket) => bucket.getAttribute("aria-label") ?? "",
        ),
        capacityLine: text(section.querySelector(".wcl-capacity")),
        series: [...section.querySelectorAll("table.wcl-series tr")].map(
          (row) => [text(row.children[0]), text(row.children[1])] as [string, string],
        ),
        decisions:
          table === null
            ? null
            : {
                head: [...table.querySelectorAll("thead th")].map((cell) => text(cell)),
                rows: [...table.querySelectorAll("tbody tr")].map((row) =>
                  [...row.children].map((cell) => text(cell)),
                ),
              },
      };
    });
    const caption = document.querySelector("[data-testid=tour-caption][data-state=shown]");
    const quote = caption?.querySelector("[data-testid=tour-quote]");
    return {
      clock: text(document.querySelector("[data-testid=simulated-seconds]")),
      panels,
      caption:
        caption === null || caption === undefined
          ? null
          : {
              text: text(caption),
              atNs: quote?.getAttribute("data-at-ns") ?? null,
              seenNs: caption.getAttribute("data-seen-ns"),
            },
      breakNote: text(document.querySelector("[data-testid=break-note]")),
    };
  });
}

/** "12,345" → 12345; "·" (an empty cell) → 0; null when there is no number. */
export function numberIn(words: string): number | null {
  if (words.trim() === "·") return 0;
  const found = /-?[\d,]+(\.\d+)?/.exec(words);
  return found === null ? null : Number(found[0].replace(/,/g, ""));
}

// The header clock's rule (src/ui/controls/clockSeconds.ts): tenths reached, cut like a stopwatch.
const clockOf = (atNs: string) => formatClock(Number(atNs));

/** Every invariant that fails in `reading`; empty when the page tells one consistent moment. */
export function violations(reading: PageReading): string[] {
  const found: string[] = [];
  const fail = (message: string) => found.push(message);
  const { panels } = reading;
  if (panels.length === 0) fail("no panel on the page");
  const moments = new Set(panels.map((panel) => panel.atNs));
  if (moments.size !== 1) fail(`panels show different moments: ${[...moments].join(", ")}`);
  for (const panel of panels) {
    if (panel.atNs === null) {
      fail(`${panel.side}${panel.id} shows no snapshot`);
      continue;
    }
    if (clockOf(panel.atNs) !== reading.clock) {
      fail(`${panel.side}${panel.id} is at ${clockOf(panel.atNs)}, the clock at ${reading.clock}`);
    }
    for (const canvas of panel.canvases) {
      if (canvas.atNs !== panel.atNs) {
        fail(`${panel.side}${panel.id}: its canvas drew ${canvas.atNs}, its text ${panel.atNs}`);
      }
    }
  }
  for (const side of new Set(panels.map((panel) => panel.side))) {
    const of = (id: string) => panels.find((panel) => panel.side === side && panel.id.endsWith(id));
    const messages = sidePanels(of, true);
    found.push(...messages.map((message) => (side ? `${side}: ${message}` : message)));
  }
  const single = (id: string) =>
    panels.find((panel) => panel.side !== "B" && panel.id.endsWith(id));
  if (reading.caption !== null) found.push(...captionViolations(reading, single));
  if (reading.breakNote !== "") found.push(...breakViolations(reading, single));
  return found;
}

type PanelOf = (id: string) => PanelReading | undefined;

/**
 * The invariants within each panel (its headline and its list, its donut and its table) and, with
 * `across`, between panels of one run. Within a panel they hold at every render, playing or not;
 * across panels only once a round of the staggered render has reached them all.
 */
function sidePanels(of: PanelOf, across: boolean): string[] {
  const found: string[] = [];
  const fail = (message: string) => found.push(message);
  const waiting = of("panel-waiting-room");
  const ring = of("panel-history-ring");
  const metrics = of("panel-metrics");
  const freshness = of("panel-freshness-timeline");
  const decisions = of("panel-decisions");

  let cacheRv: number | null = null;
  if (waiting !== undefined) {
    const head = /^([\d,]+) waiting · ([\d,]+) wake-up timers sleeping · cache at RV ([\d,]+)/.exec(
      waiting.headline,
    );
    if (head === null) fail(`waiting room headline unreadable: "${waiting.headline}"`);
    else {
      const [waitingCount, timers, rv] = [head[1], head[2], head[3]].map((n) => numberIn(n ?? ""));
      if (across) cacheRv = rv ?? null;
      const more = numberIn(waiting.more) ?? 0;
      if (waitingCount === 0) {
        if (!waiting.calm.startsWith("Nobody is waiting"))
          fail("0 waiting but not 'Nobody is waiting'");
        if (waiting.waiterRows !== 0) fail(`0 waiting beside ${waiting.waiterRows} rows`);
      } else {
        if (waiting.calm.startsWith("Nobody is waiting"))
          fail(`${waitingCount} waiting beside 'Nobody is waiting'`);
        if (waiting.waiterRows + more !== waitingCount) {
          fail(`${waitingCount} waiting, but ${waiting.waiterRows} rows listed and +${more} more`);
        }
      }
      const note = waiting.text.includes("More timers than waiters");
      if (note !== (timers ?? 0) > (waitingCount ?? 0)) {
        fail(
          `${timers} timers, ${waitingCount} waiting: the 'more timers' note is ${note ? "shown" : "missing"}`,
        );
      }
    }
  }

  let capacity: number | null = null;
  let resizes: [number, number] | null = null;
  if (ring !== undefined && ring.facts["capacity"] !== undefined) {
    capacity = numberIn(ring.facts["capacity"]);
    const held = /\[#([\d,]+), #([\d,]+)\)/.exec(ring.facts["events held"] ?? "");
    const size = numberIn(ring.facts["events held"] ?? "");
    const full = size !== null && size === capacity;
    if (held !== null && size !== (numberIn(held[2] ?? "") ?? 0) - (numberIn(held[1] ?? "") ?? 0)) {
      fail(`ring holds ${size} events but its range is ${held[0]}`);
    }
    const printed = (ring.canvases[0]?.printed ?? "").split("|");
    const centre = printed.at(-2);
    if (centre === undefined || numberIn(centre) !== capacity) {
      fail(`ring centre says ${centre} slots, the table capacity ${capacity}`);
    }
    if (printed.includes("evicts oldest") !== full) {
      fail(
        `ring donut ${full ? "omits" : "says"} 'evicts oldest' with ${size} of ${capacity} held`,
      );
    }
    const quarterInTable = !(ring.facts["¼ point"] ?? "").includes("not full");
    if (quarterInTable !== full)
      fail(`ring ¼ point "${ring.facts["¼ point"]}" with ${size} of ${capacity}`);
    if (printed.includes("¼ point") !== quarterInTable) {
      fail(
        `ring donut ${quarterInTable ? "lacks" : "draws"} the ¼ point; table "${ring.facts["¼ point"]}"`,
      );
    }
    if (ring.outlook.startsWith("Not full yet") === full) {
      fail(`ring outlook "${ring.outlook}" with ${size} of ${capacity} held`);
    }
    const updown = /([\d,]+) up, ([\d,]+) down/.exec(ring.facts["resizes"] ?? "");
    if (updown !== null) resizes = [numberIn(updown[1] ?? "") ?? 0, numberIn(updown[2] ?? "") ?? 0];
  }
  if (!across) {
    capacity = null;
    resizes = null;
  }

  if (metrics !== undefined) {
    const waits = /([\d,]+) waits/.exec(metrics.text);
    const bucketSum = metrics.buckets.reduce(
      (sum, label) => sum + (numberIn(label.split(":")[1] ?? "") ?? 0),
      0,
    );
    if (waits !== null && metrics.buckets.length > 0 && numberIn(waits[1] ?? "") !== bucketSum) {
      fail(`Metrics: ${waits[1]} waits, but its buckets hold ${bucketSum}`);
    }
    const cap =
      /watch_cache_capacity ([\d,]+) · _increase_total ([\d,]+) · _decrease_total ([\d,]+)/.exec(
        metrics.capacityLine,
      );
    if (cap !== null && capacity !== null && numberIn(cap[1] ?? "") !== capacity) {
      fail(`Metrics says watch_cache_capacity ${cap[1]}, the ring ${capacity}`);
    }
    if (cap !== null && resizes !== null) {
      const [up, down] = [numberIn(cap[2] ?? ""), numberIn(cap[3] ?? "")];
      if (up !== resizes[0] || down !== resizes[1]) {
        fail(
          `Metrics says ${up} increases, ${down} decreases; the ring ${resizes[0]} up, ${resizes[1]} down`,
        );
      }
    }
  }

  if (freshness !== undefined) {
    const head = /etcd at ([\d,]+) · cache at ([\d,]+) · ([\d,]+) revisions behind/.exec(
      freshness.headline,
    );
    if (head === null) fail(`freshness headline unreadable: "${freshness.headline}"`);
    else {
      const [etcd, cache, behind] = [head[1], head[2], head[3]].map((n) => numberIn(n ?? "") ?? 0);
      if (behind !== Math.max(0, (etcd ?? 0) - (cache ?? 0))) {
        fail(`freshness: etcd ${etcd}, cache ${cache}, but ${behind} revisions behind`);
      }
      if (cacheRv !== null && cache !== cacheRv) {
        fail(`freshness says cache at ${cache}, the waiting room at RV ${cacheRv}`);
      }
    }
  }

  if (decisions?.decisions) {
    const { head, rows } = decisions.decisions;
    const columns = head.length - 2; // read kind … total
    const sums = new Array<number>(columns).fill(0);
    let all: string[] | undefined;
    let kindsTotal = 0;
    for (const row of rows) {
      const cells = row.slice(1, 1 + columns).map((cell) => numberIn(cell) ?? 0);
      const total = numberIn(row.at(-1) ?? "") ?? 0;
      const sum = cells.reduce((a, b) => a + b, 0);
      if (sum !== total)
        fail(`Decisions row "${row[0]}": cells add up to ${sum}, total says ${total}`);
      if ((row[0] ?? "").startsWith("all reads")) all = row;
      else {
        kindsTotal += total;
        cells.forEach((count, i) => {
          sums[i] = (sums[i] ?? 0) + count;
        });
      }
    }
    if (all !== undefined) {
      const allCells = all.slice(1, 1 + columns).map((cell) => numberIn(cell) ?? 0);
      allCells.forEach((count, i) => {
        if (count !== sums[i])
          fail(`Decisions "${head[i + 1]}": all reads ${count}, kinds add up to ${sums[i]}`);
      });
      if ((numberIn(all.at(-1) ?? "") ?? 0) !== kindsTotal) {
        fail(`Decisions: all reads ${all.at(-1)}, kinds add up to ${kindsTotal}`);
      }
    }
  }
  return found;
}

/** The figures a caption quotes, against the panels' at the caption's moment. */
function captionViolations(reading: PageReading, of: PanelOf): string[] {
  const caption = reading.caption;
  if (caption === null) return [];
  const found: string[] = [];
  const fail = (message: string) => found.push(`caption: ${message}`);
  if (caption.atNs === null) return found; // the caption quotes nothing while it plays on
  const panelNs = of("panel-history-ring")?.atNs ?? of("panel-metrics")?.atNs;
  if (caption.atNs !== panelNs) fail(`quotes ${caption.atNs}, the panels show ${panelNs}`);
  const paused = /Paused at ([\d.]+ s)/.exec(caption.text);
  if (paused !== null && paused[1] !== reading.clock)
    fail(`says paused at ${paused[1]}, the clock ${reading.clock}`);
  if (caption.seenNs !== null && caption.seenNs !== caption.atNs) {
    fail(`describes the moment ${caption.seenNs} but the page shows ${caption.atNs}`);
  }
  const ring = of("panel-history-ring");
  const waiting = of("panel-waiting-room");
  const metrics = of("panel-metrics");
  const decisions = of("panel-decisions")?.decisions;
  const quote = caption.text.slice(caption.text.indexOf("Paused at"));
  const compare = (what: string, quoted: number | null, shown: number | null | undefined) => {
    if (quoted !== null && shown !== undefined && shown !== null && quoted !== shown) {
      fail(`quotes ${what} ${quoted}, the panel shows ${shown}`);
    }
  };
  const capacity = /capacity ([\d,]+)/.exec(quote);
  if (capacity)
    compare("capacity", numberIn(capacity[1] ?? ""), numberIn(ring?.facts["capacity"] ?? ""));
  const timers = /([\d,]+) wake-up timers sleeping/.exec(quote);
  const headTimers = /· ([\d,]+) wake-up timers/.exec(waiting?.headline ?? "");
  if (timers)
    compare("timers", numberIn(timers[1] ?? ""), headTimers ? numberIn(headTimers[1] ?? "") : null);
  const waits = /([\d,]+) (?:observations|waits)/.exec(quote);
  const shownWaits = /([\d,]+) waits/.exec(metrics?.text ?? "");
  if (waits)
    compare("waits", numberIn(waits[1] ?? ""), shownWaits ? numberIn(shownWaits[1] ?? "") : null);
  const resized = /grown ([\d,]+) times, shrunk ([\d,]+) times/.exec(quote);
  const updown = /([\d,]+) up, ([\d,]+) down/.exec(ring?.facts["resizes"] ?? "");
  if (resized && updown) {
    compare("growths", numberIn(resized[1] ?? ""), numberIn(updown[1] ?? ""));
    compare("shrinks", numberIn(resized[2] ?? ""), numberIn(updown[2] ?? ""));
  }
  for (const match of quote.matchAll(/fallback="(\w+)"\}? ?[=:] ?([\d,]+)/g)) {
    const rows = (metrics?.series ?? []).filter(([label]) =>
      label.includes(`fallback="${match[1]}"`),
    );
    if (rows.length === 1)
      compare(`fallback="${match[1]}"`, numberIn(match[2] ?? ""), numberIn(rows[0]?.[1] ?? ""));
  }
  // The apiserver's memory for LISTs, as the etcd panel's memory line writes it.
  const memory = /holds ([\d.]+ k?[MGT]?B) for etcd's answers, peak ([\d.]+ k?[MGT]?B)/.exec(quote);
  const shownMemory =
    /([\d.]+ k?[MGT]?B) held now for etcd's answers · peak ([\d.]+ k?[MGT]?B)/.exec(
      of("panel-etcd-load")?.text ?? "",
    );
  if (memory && shownMemory) {
    if (memory[1] !== shownMemory[1])
      fail(`quotes ${memory[1]} held, the etcd panel ${shownMemory[1]}`);
    if (memory[2] !== shownMemory[2])
      fail(`quotes a ${memory[2]} peak, the etcd panel ${shownMemory[2]}`);
  } else if (memory) fail("quotes the apiserver's memory, but the etcd panel shows no memory line");
  const fallbacks = /([\d,]+) fallbacks/.exec(quote);
  if (fallbacks && decisions) {
    const column = decisions.head.indexOf("fallback");
    const all = decisions.rows.find((row) => (row[0] ?? "").startsWith("all reads"));
    compare(
      "fallbacks",
      numberIn(fallbacks[1] ?? ""),
      column > 0 && all ? numberIn(all[column] ?? "") : 0,
    );
  }
  return found;
}

/** A breakpoint's note against the clock and the panel it names. */
function breakViolations(reading: PageReading, of: PanelOf): string[] {
  const found: string[] = [];
  const note = /^Paused at ([\d.]+ s): (.*)$/.exec(reading.breakNote.replace(/ ×$/, ""));
  if (note === null) return [`breakpoint note unreadable: "${reading.breakNote}"`];
  if (note[1] !== reading.clock)
    found.push(`breakpoint says ${note[1]}, the clock ${reading.clock}`);
  const resized = /the history ring (?:grew|shrank) from (\d+) to (\d+) events/.exec(note[2] ?? "");
  const capacity = numberIn(of("panel-history-ring")?.facts["capacity"] ?? "");
  if (resized !== null && Number(resized[2]) !== capacity) {
    found.push(`breakpoint says the ring went to ${resized[2]}, the ring shows ${capacity}`);
  }
  return found;
}

/** The invariants within each panel: they must hold at any read, while the run plays too. */
export function panelViolations(reading: PageReading): string[] {
  const sides = new Set(reading.panels.map((panel) => panel.side));
  return [...sides].flatMap((side) =>
    sidePanels((id) => reading.panels.find((p) => p.side === side && p.id.endsWith(id)), false),
  );
}

/**
 * Waits until the page shows one settled moment (every panel at the clock's), then returns the
 * invariants it breaks there. A page that never settles is itself the finding.
 */
export async function checkMoment(page: Page, name: string): Promise<PageReading> {
  let reading: PageReading | null = null;
  await expect
    .poll(
      async () => {
        reading = await readPage(page);
        const moments = new Set(reading.panels.map((panel) => panel.atNs));
        const caption = reading.caption;
        const captionSettled =
          caption === null || caption.seenNs === null || caption.seenNs === caption.atNs;
        return moments.size === 1 && !moments.has(null) && captionSettled;
      },
      { message: `${name}: the page never settled on one moment`, timeout: 15_000 },
    )
    .toBe(true);
  const settled = reading as unknown as PageReading;
  expect(violations(settled), `${name} at ${settled.clock}`).toEqual([]);
  return settled;
}
