// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { RequestTraceView } from "../../src/sim/request-traces.ts";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import type { OutcomeView } from "../../src/sim/snapshot.ts";
import { NS_PER_S } from "../../src/sim/time.ts";
import { CodePane } from "../../src/ui/code/CodePane.tsx";
import { CODE_BLOCKS } from "../../src/ui/code/pseudocode/index.ts";
import { recentReads } from "../../src/ui/code/RecentReadPicker.tsx";
import { laneOf, spansOf } from "../../src/ui/code/swimlane/lanes.ts";
import { Swimlane } from "../../src/ui/code/swimlane/Swimlane.tsx";
import { blockOfLine, visitedLines } from "../../src/ui/code/traceCursor.ts";
import { renderApp } from "./render-app.tsx";

afterEach(cleanup);

const VIEW = { ringSegments: 8, maxWaiters: 50, maxOutcomes: 40, seriesPoints: 10 };
const LAGGING = "lag=5000&jitter=0&otherWrites=0&watchers=0&reads=0@0,20@1&mix=consistent:1";

/** The wall and version rules of a run of `query`, as its snapshot states them. */
function runOf(query: string) {
  const { wall, rules } = createSimulation(parseScenario(query).scenario).snapshot(VIEW);
  return { wall, rules };
}
const RUN = runOf("");

/** The recorded trace of the newest read that fell back to etcd in a lagging run. */
function fallbackTrace(): RequestTraceView {
  const sim = createSimulation(parseScenario(LAGGING).scenario);
  sim.advanceTo(10 * NS_PER_S);
  const last = sim
    .snapshot(VIEW)
    .recentOutcomes.filter((o) => o.outcome === "fallback")
    .at(-1);
  const trace = sim.snapshot({ ...VIEW, traceOf: last?.id ?? -1 }).trace;
  if (trace === undefined) throw new Error("no traced fallback");
  return trace;
}

describe("the pseudocode", () => {
  it("has a block for every line a recorded step names", () => {
    for (const step of fallbackTrace().steps) {
      expect(step.line).not.toBeNull();
      expect(blockOfLine(step.line ?? "client.send")).toBeDefined();
    }
  });

  it("links every upstream block to its file at the pinned commit", () => {
    render(<CodePane currentLine={null} visited={new Set()} k8s="1.37" {...RUN} />);
    for (const block of CODE_BLOCKS.filter((b) => b.upstreamPath !== null)) {
      fireEvent.click(screen.getByRole("tab", { name: block.name }));
      const link = screen.getByRole("link", { name: /upstream/ });
      expect(link.getAttribute("href")).toBe(
        `https://github.com/kubernetes/apiserver/blob/24a394e516bfda066d7e2221d7d92c052de27c54/pkg/storage/${block.upstreamPath}`,
      );
    }
  });
});

describe("CodePane", () => {
  it("opens the function a parked read is in and marks the sleep line", () => {
    const { container } = render(
      <CodePane currentLine="wait.sleep" visited={new Set()} k8s="1.37" {...RUN} />,
    );
    expect(screen.getByRole("tab", { selected: true }).textContent).toBe("waitUntilFreshLocked");
    const here = container.querySelector('[aria-current="step"]');
    expect(here?.getAttribute("data-line")).toBe("wait.sleep");
    expect(here?.textContent).toContain("sleep on the condition variable");
  });

  it("marks the lines the read passed through", () => {
    const trace = fallbackTrace();
    const index = trace.steps.findIndex((s) => s.step === "woken");
    const { container } = render(
      <CodePane
        currentLine="wait.deadline"
        visited={visitedLines(trace.steps, index)}
        k8s="1.37"
        {...RUN}
      />,
    );
    const passed = [...container.querySelectorAll(".wcl-code__line--passed")];
    expect(passed.map((li) => li.getAttribute("data-line"))).toEqual(["wait.sleep"]);
  });

  it("says whether the run's version follows the code or the older note", () => {
    const { rerender } = render(
      <CodePane currentLine="wait.sleep" visited={new Set()} k8s="1.36" {...runOf("k8s=1.36")} />,
    );
    expect(screen.getByText(/This run simulates 1\.36/).textContent).toContain("as this note says");
    rerender(<CodePane currentLine="wait.sleep" visited={new Set()} k8s="1.37" {...RUN} />);
    expect(screen.getByText(/This run simulates 1\.37/).textContent).toContain("the code above");
  });

  it("writes the run's wall into the lines and the version note", () => {
    render(
      <CodePane
        currentLine="wait.sleep"
        visited={new Set()}
        k8s="1.36"
        {...runOf("k8s=1.36&blockTimeout=10000")}
      />,
    );
    const timer = document.querySelector('[data-line="wait.timer"]');
    expect(timer?.textContent).toMatch(/^start a timer that wakes every waiter after 10 s — /);
    const deadline = document.querySelector('[data-line="wait.deadline"]');
    expect(deadline?.textContent).toContain("if now − start ≥ 10 s: return");
    expect(screen.getByText(/Up to 1\.36/).textContent).toContain("it started the 10 s timer");
    expect(document.body.textContent).not.toMatch(/\b3 s\b|\{wall\}/);
  });

  it("says in which bucket a timed-out wait is observed, as the run's wall and latency put it", () => {
    const observeNote = (query: string) => {
      const { unmount } = render(
        <CodePane currentLine="wait.sleep" visited={new Set()} k8s="1.37" {...runOf(query)} />,
      );
      const text = screen
        .getByText(/on return, observe read_wait_seconds/)
        .closest("li")?.textContent;
      unmount();
      return text;
    };
    expect(observeNote("")).toContain(
      'a timeout is observed at 3.0001 s (the wall, then its timer\'s wake-up), so it counts in le="+Inf"',
    );
    expect(observeNote("timerLatency=0&blockTimeout=2000")).toContain(
      'a timeout is observed at 2 s (the wall, then its timer\'s wake-up), so it counts in le="2"',
    );
  });

  it("says on GetList that 1.33 fetched the consistent read's RV in the delegator", () => {
    const { rerender } = render(
      <CodePane
        currentLine="getList.fallback"
        visited={new Set()}
        k8s="1.33"
        {...runOf("k8s=1.33")}
      />,
    );
    const note = () => screen.getByText(/In 1\.33 the delegator asked etcd/).textContent;
    expect(note()).toContain("This run simulates 1.33: it behaves as this note says");
    rerender(
      <CodePane
        currentLine="getList.fallback"
        visited={new Set()}
        k8s="1.34"
        {...runOf("k8s=1.34")}
      />,
    );
    expect(note()).toContain("This run simulates 1.34: it runs the code above");
  });

  it("lets a tab show another function until the read moves on", () => {
    const { rerender } = render(
      <CodePane currentLine="wait.sleep" visited={new Set()} k8s="1.37" {...RUN} />,
    );
    fireEvent.click(screen.getByRole("tab", { name: "ShouldDelegateList" }));
    expect(screen.getByRole("tab", { selected: true }).textContent).toBe("ShouldDelegateList");
    rerender(<CodePane currentLine="getList.fallback" visited={new Set()} k8s="1.37" {...RUN} />);
    expect(screen.getByRole("tab", { selected: true }).textContent).toBe("GetList");
  });
});

describe("the swimlane", () => {
  it("puts each recorded step in the lane of the party that acted", () => {
    const lanes = fallbackTrace().steps.map(laneOf);
    expect(lanes).toEqual(["client", "delegator", "etcd", "cache", "cache", "delegator", "etcd"]);
  });

  it("draws the waits: etcd's current RV, 3 s parked, the fallback list", () => {
    const trace = fallbackTrace();
    const spans = spansOf(trace.steps, 0, false);
    expect(spans.map((s) => s.lane)).toEqual(["etcd", "cache", "etcd"]);
    const parked = spans[1];
    // 3 s until the timer fires, then the default 0.1 ms until the read has resumed.
    expect((parked?.toNs ?? 0) - (parked?.fromNs ?? 0)).toBe(3 * NS_PER_S + 100_000);
  });

  it("runs a live wait up to now", () => {
    const steps = fallbackTrace().steps.slice(0, 4);
    const parkedAt = steps[3]?.atNs ?? 0;
    const open = spansOf(steps, parkedAt + NS_PER_S, true).at(-1);
    expect(open).toMatchObject({ lane: "cache", toNs: parkedAt + NS_PER_S, open: true });
  });

  it("lists the steps in order with times since arrival, and picks one on click", () => {
    const trace = fallbackTrace();
    let picked = -1;
    render(
      <Swimlane trace={trace} nowNs={0} wall={RUN.wall} index={3} onPick={(i) => (picked = i)} />,
    );
    const list = screen.getByRole("list", { name: `Steps of request #${trace.id}` });
    const items = within(list).getAllByRole("button");
    expect(items.map((b) => b.querySelector("strong")?.textContent)).toEqual([
      "client sends",
      "sent to the cache",
      "etcd's current RV",
      "parked",
      "woken by the 3 s timer",
      "falls back to etcd",
      "served by etcd",
    ]);
    expect(items[0]?.textContent).toMatch(/^\+0 ms client sends/);
    expect(items[1]?.textContent).toContain(
      'cache, consistent read, because RV="" asks for the newest data',
    );
    expect(items[4]?.textContent).toMatch(/^\+3\.\d\d s woken by the 3 s timer/);
    expect(items[3]?.getAttribute("aria-current")).toBe("step");
    fireEvent.click(items[5] as HTMLElement);
    expect(picked).toBe(5);
  });
});

describe("recentReads", () => {
  const answer = (id: number, kind: OutcomeView["kind"], outcome: OutcomeView["outcome"]) => ({
    id,
    kind,
    outcome,
    atNs: id,
    waitedNs: 0,
    code: 200,
    message: "",
  });

  it("lists each traced read once, newest first", () => {
    const outcomes = [
      answer(1, "consistent", "429"),
      answer(2, "rv0", "cache"),
      answer(3, "notOlderThan", "cache"),
      answer(1, "consistent", "cacheAfterWait"),
    ];
    expect(recentReads(outcomes, new Set([1, 3])).map((o) => [o.id, o.outcome])).toEqual([
      [1, "cacheAfterWait"],
      [3, "cache"],
    ]);
  });
});

describe("following a read from the waiting room", () => {
  it("says so when the selected read was not traced", async () => {
    const { runtime } = renderApp(`#${LAGGING}`);
    runtime.store.getState().selectRequest(1_000_000_000);
    await screen.findByText(/Read #1000000000 was not traced/, {}, { timeout: 5000 });
  });

  it("highlights the wait line and lists the read's steps", async () => {
    const { runtime } = renderApp(`#${LAGGING}&t=2`);
    // Queries by role are slow over the whole page in jsdom: find the waiter rows by class.
    const waiter = await waitFor(
      () => {
        const row = document.querySelector<HTMLElement>(".wcl-waiter");
        if (row === null) throw new Error("nobody waits yet");
        return row;
      },
      { timeout: 8000 },
    );
    fireEvent.click(waiter);
    await waitFor(
      () => {
        const here = document.querySelector('.wcl-code [aria-current="step"]');
        expect(here?.getAttribute("data-line")).toBe("wait.sleep");
      },
      { timeout: 5000 },
    );
    expect(runtime.store.getState().selectedRequestId).not.toBeNull();
    const steps = screen.getByRole("list", { name: /^Steps of request #/ });
    expect(within(steps).getAllByRole("button").at(-1)?.textContent).toContain("parked");
    runtime.store.getState().open("lag=1000");
    expect(runtime.store.getState().selectedRequestId).toBeNull();
  }, 20_000);
});
