import { render } from "@testing-library/react";
import { asksFirst } from "../../src/content/predict/page-question.ts";
import type { Scenario } from "../../src/sim/scenario/index.ts";
import {
  createSimulation as createRealSimulation,
  type Simulation,
} from "../../src/sim/simulation.ts";
import { type AppRuntime, startApp } from "../../src/state/runtime.ts";
import { App } from "../../src/ui/App.tsx";
import { createInProcessClient } from "../../src/worker/in-process-client.ts";

// The whole page in jsdom: the real runtime, store, host and simulation, in-process instead of in
// a worker, timers instead of animation frames, and the address kept in a variable.

export interface RenderedApp {
  runtime: AppRuntime;
  /** Every address query the page wrote, oldest first. */
  writtenQueries: string[];
}

export function renderApp(
  hash = "",
  createSimulation: (scenario: Scenario) => Simulation = (s) => createRealSimulation(s),
): RenderedApp {
  const writtenQueries: string[] = [];
  const runtime = startApp({
    client: createInProcessClient(createSimulation),
    location: { hash, search: "" },
    writeQuery: (query) => writtenQueries.push(query),
    scheduleFrame: (callback) => {
      const timer = setTimeout(callback, 5);
      return () => clearTimeout(timer);
    },
    wallNowMs: () => performance.now(),
    asksFirst,
  });
  const view = render(<App runtime={runtime} />);
  const unmount = view.unmount;
  view.unmount = () => {
    unmount();
    runtime.stop();
  };
  return { runtime, writtenQueries };
}
