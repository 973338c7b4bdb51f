import { useState } from "react";
import { scrapesReaching, WINDOW_CHOICES } from "../../state/metrics-window.ts";
import { type PromSemantics, promSemanticsOf } from "../../state/prom-semantics.ts";
import type { AppRuntime } from "../../state/runtime.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { readTwin } from "../../state/twin-override.ts";
import { clockSeconds } from "../controls/clockSeconds.ts";
import { shareAddress } from "../controls/shareAddress.ts";
import { decisionRows } from "../decision/decisionRows.ts";
import { decisionWindow } from "../decision/decisionWindow.ts";
import { copyToClipboard } from "../export/clipboard.ts";
import { windowedFigures } from "../panels/metrics/windowedFigures.ts";
import { Sheet, SheetActions, useSheet } from "../sheet/Sheet.tsx";
import { describeSides } from "../twin/twinLabels.ts";
import { incidentReport } from "./incidentReport.ts";
import type { ReportWindow } from "./reportWindow.ts";

type CopyState = "" | "Copied to the clipboard" | "Could not reach the clipboard: select the text";

/** How long a report waits for its moment's scrapes: within the click's right to the clipboard. */
const SCRAPES_WAIT_MS = 2000;

/** The window the Metrics panel shows, with the figures it prints for each run. */
function shownWindow(
  state: ReturnType<AppRuntime["metricsWindow"]["getState"]>,
  twin: boolean,
  semantics: PromSemantics,
): ReportWindow {
  const { windowS, stepS, scrapes } = state;
  const label = WINDOW_CHOICES.find((choice) => choice.windowS === windowS)?.label ?? "";
  const run = (name: string | undefined) => scrapes?.runs.find((one) => one.run === name);
  const a = run(twin ? "A" : undefined);
  const b = twin ? run("B") : undefined;
  const window = { atS: scrapes?.atS ?? 0, windowS, semantics };
  return {
    ...window,
    label,
    stepS,
    figures:
      scrapes === null || a === undefined
        ? null
        : {
            a: windowedFigures(a, window),
            b: b === undefined ? undefined : windowedFigures(b, window),
          },
  };
}

/**
 * "Copy report": the run (both runs of a twin) as Markdown for an incident document, copied and
 * shown, so what was copied can be read and copied again by hand where the clipboard is refused.
 */
export function ReportButton() {
  const runtime = useRuntime();
  const sheet = useSheet();
  const [report, setReport] = useState("");
  const [state, setState] = useState<CopyState>("");

  const copy = async (text: string) =>
    setState(
      (await copyToClipboard(text))
        ? "Copied to the clipboard"
        : "Could not reach the clipboard: select the text",
    );
  const open = async () => {
    const clicked = runtime.live.get();
    if (clicked === null) return;
    await scrapesReaching(
      runtime.metricsWindow,
      clockSeconds(clicked.snapshot.nowNs),
      SCRAPES_WAIT_MS,
    );
    const frame = runtime.live.get() ?? clicked;
    const { scenario, pageKeys } = runtime.store.getState();
    const twinText = pageKeys["twin"];
    const reading = twinText === undefined ? null : readTwin(twinText, scenario);
    const twin = reading?.ok === true && frame.twin !== undefined ? reading : null;
    const sides = twin === null ? null : describeSides(scenario, twin.scenario, twin.differing);
    const windowState = runtime.metricsWindow.getState();
    const snapshots =
      frame.twin !== undefined && twin !== null ? [frame.snapshot, frame.twin] : [frame.snapshot];
    const semantics = promSemanticsOf(pageKeys);
    const decision = decisionWindow(
      windowState,
      twin === null ? [undefined] : ["A", "B"],
      semantics,
    );
    const text = incidentReport({
      link: shareAddress(runtime),
      window: shownWindow(windowState, twin !== null, semantics),
      decision: decisionRows(
        snapshots.map((snapshot, i) => ({ snapshot, scrapes: decision.scrapes[i] ?? null })),
        decision.window,
      ),
      a: { scenario, snapshot: frame.snapshot, ...(sides ? { side: sides.a } : {}) },
      b:
        twin !== null && frame.twin !== undefined && sides !== null
          ? { scenario: twin.scenario, snapshot: frame.twin, side: sides.b }
          : undefined,
    });
    setReport(text);
    sheet.open();
    await copy(text);
  };

  return (
    <>
      <button type="button" onClick={open}>
        Copy report, Markdown
      </button>
      <Sheet sheet={sheet} title="Report for the incident" className="report-dialog">
        <p role="status">{state}</p>
        <pre className="report-text" data-testid="report-text">
          {report}
        </pre>
        <SheetActions sheet={sheet}>
          <button type="button" onClick={() => copy(report)}>
            Copy again
          </button>
        </SheetActions>
      </Sheet>
    </>
  );
}
