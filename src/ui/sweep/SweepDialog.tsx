import { useCallback, useEffect, useRef, useState } from "react";
import { encodeScenario } from "../../model/index.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { addressFor } from "../../state/url.ts";
import { useApp } from "../../state/useApp.ts";
import { copyToClipboard } from "../export/clipboard.ts";
import { Sheet, SheetActions, useSheet } from "../sheet/Sheet.tsx";
import type { PagePoint } from "./runPageSweep.ts";
import { SweepFields } from "./SweepFields.tsx";
import { SweepResults } from "./SweepResults.tsx";
import { DEFAULT_FORM, formOf, type SweepForm, textsOf } from "./sweepForm.ts";
import {
  readPageSweep,
  readPageSweepInSlices,
  readSweepKey,
  SWEEP_KEY,
  sweepKeyValue,
} from "./sweepKey.ts";
import { poolSize, useSweepRun } from "./useSweepRun.ts";
import "./sweep.css";

// "Sweep…": the scenario on screen run once per point of a key's range (or a grid of two keys, or
// a gate off and on), each point in a pool of Web Workers apart from the live run, drawn as it
// comes in. A sweep that runs is written to the `sweep` page key, so the address reproduces it; a
// link with the key opens the dialog and runs it, and a bad one is reported in the link's banner
// with the command line's words while the rest of the link plays as usual.

export function SweepDialog() {
  const sheet = useSheet();
  const { store } = useRuntime();
  const scenario = useApp((state) => state.scenario);
  const [form, setForm] = useState<SweepForm>(DEFAULT_FORM);
  const [problems, setProblems] = useState<readonly string[]>([]);
  const [copied, setCopied] = useState("");
  const run = useSweepRun();
  const opened = useRef(false);

  const base = encodeScenario(scenario);
  const hrefOf = useCallback((point: PagePoint) => addressFor(window.location, point.text), []);

  // The points are checked in slices (a grid's 400 take tens of ms); a later click wins.
  const asked = useRef(0);
  const startFrom = async (next: SweepForm) => {
    const ask = ++asked.current;
    const written = textsOf(next);
    const read = await readPageSweepInSlices(written, base, poolSize());
    if (ask !== asked.current) return;
    setProblems(read.problems);
    if (read.sweep === null) return;
    store.getState().setPageKey(SWEEP_KEY, sweepKeyValue(written));
    run.start(read.sweep);
  };

  // A link's sweep, read once: run it.
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    const state = store.getState();
    const value = state.pageKeys[SWEEP_KEY];
    if (value === undefined) return;
    const written = readSweepKey(value);
    const read = readPageSweep(written, encodeScenario(state.scenario), poolSize());
    // A bad one is reported and dropped with the link's other page keys (ui/embed/usePageKeys.ts).
    if (written.problems.length > 0 || read.sweep === null) return;
    setForm(formOf(written));
    sheet.open();
    run.start(read.sweep);
  }, [store, sheet, run.start]);

  const close = () => {
    run.cancel();
    store.getState().setPageKey(SWEEP_KEY, null);
  };
  const copyLink = async () =>
    setCopied(
      (await copyToClipboard(window.location.href))
        ? "Link copied"
        : "No clipboard here: copy the address bar",
    );
  const running = run.state.status === "running";

  return (
    <>
      <button type="button" onClick={sheet.open}>
        Sweep…
      </button>
      <Sheet
        sheet={sheet}
        title="Sweep a key of this scenario"
        className="sweep-dialog"
        onClose={close}
      >
        <p className="sheet-note">
          Runs this scenario from 0 s once per point, {poolSize()} at a time in the background (the
          live run goes on), and plots each figure against the key. The same sweep on the command
          line: <code>npm run sim -- '&lt;this link&gt;' --sweep … --duration …</code>.
        </p>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void startFrom(form);
          }}
        >
          <SweepFields form={form} onChange={setForm} disabled={running} />
          {problems.length > 0 ? (
            <ul className="sweep-problems" role="alert">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
          <SheetActions sheet={sheet}>
            <button type="submit" disabled={running}>
              Run sweep
            </button>
            <button type="button" disabled={!running} onClick={run.cancel}>
              Cancel sweep
            </button>
            <button type="button" disabled={run.state.status === "idle"} onClick={copyLink}>
              Copy link to this sweep
            </button>
            <span role="status">{copied}</span>
          </SheetActions>
        </form>
        {run.state.status === "failed" ? (
          <p className="sweep-problems" role="alert">
            The sweep stopped: {run.state.message}
          </p>
        ) : run.state.status === "idle" ? null : (
          <SweepResults state={run.state} hrefOf={hrefOf} />
        )}
      </Sheet>
    </>
  );
}
