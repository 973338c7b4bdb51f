// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createSimulation } from "../../src/sim/simulation.ts";
import { ScrapeDialog } from "../../src/ui/scrape/ScrapeDialog.tsx";
import type { WorkerCommand } from "../../src/worker/protocol.ts";
import { runTrial } from "../../src/worker/trial-run.ts";
import { type FakeRuntime, fakeRuntime, renderWith } from "./tour-runtime.tsx";

// The scrape dialog's fit and check are trial runs in the worker: the dialog says it is running
// them, takes their answer, says when they fail, and cancels them when a newer read takes over.

afterEach(cleanup);

/** Two scrapes of a lab run 2.45 s behind with 200 ms of jitter: a partial wall share to fit. */
const [first, second] = runTrial(
  createSimulation,
  "writes=50&reads=40&mix=consistent:1&lag=2450&jitter=200",
  [5, 35],
).map(({ text }) => text);

function readScrapes() {
  fireEvent.click(screen.getByRole("button", { name: "From a scrape…" }));
  fireEvent.change(screen.getByLabelText("Scrape (the earlier one, if two)"), {
    target: { value: first },
  });
  fireEvent.change(screen.getByLabelText("Later scrape (optional)"), {
    target: { value: second },
  });
  fireEvent.change(screen.getByLabelText("Seconds between them"), { target: { value: "30" } });
  fireEvent.click(screen.getByRole("button", { name: "Read the scrapes" }));
}

const trials = (fake: FakeRuntime) =>
  fake.commands.filter(
    (command): command is Extract<WorkerCommand, { type: "trial" }> => command.type === "trial",
  );
const findings = () => screen.getByRole("region", { name: "What the scrapes say" });

describe("the scrape dialog's runs", () => {
  it("say they are running, and report each fitting run the worker answers", async () => {
    const fake = fakeRuntime();
    renderWith(fake, <ScrapeDialog />);
    readScrapes();
    expect(findings().textContent).toContain("Running the proposed scenario to check it…");
    const [asked] = trials(fake);
    expect(asked?.atS).toEqual([5, 35]);
    if (asked === undefined) throw new Error("no trial run asked");
    const readings = runTrial(createSimulation, asked.query, asked.atS);
    await act(async () => fake.reply({ type: "trial", requestId: asked.requestId, readings }));
    expect(findings().textContent).toContain("Fitting the proposal by runs: run 1…");
    expect(trials(fake)).toHaveLength(2);
  });

  it("say so when a run fails, and keep the proposal", async () => {
    const fake = fakeRuntime();
    renderWith(fake, <ScrapeDialog />);
    readScrapes();
    const requestId = trials(fake)[0]?.requestId ?? -1;
    await act(async () => fake.reply({ type: "trialError", requestId, message: "out of memory" }));
    expect(findings().textContent).toContain(
      "The runs that fit and check the proposal could not finish: out of memory.",
    );
    expect(findings().textContent).not.toContain("Running the proposed scenario");
    expect(screen.getByRole("link", { name: "Open this scenario" })).toBeDefined();
  });

  it("cancel an older read's runs when the scrapes are read again", () => {
    const fake = fakeRuntime();
    renderWith(fake, <ScrapeDialog />);
    readScrapes();
    const older = trials(fake)[0]?.requestId;
    fireEvent.click(screen.getByRole("button", { name: "Read the scrapes" }));
    expect(fake.commands).toContainEqual({ type: "cancelTrial", requestId: older });
    expect(trials(fake)).toHaveLength(2);
  });
});
