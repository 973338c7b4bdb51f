import { useEffect, useId, useRef, useState } from "react";
import { type Findings, type FindingsResult, findingsOf } from "../../scrape/findings.ts";
import type { TrialScrapes } from "../../scrape/fit-wall.ts";
import {
  checked,
  fitProposal,
  matchOf,
  type Proposal,
  percent,
  propose,
  type SeriesMatch,
} from "../../scrape/propose.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { Sheet, SheetActions, useSheet } from "../sheet/Sheet.tsx";
import { CodeBreaks } from "../text/CodeBreaks.tsx";
import "./scrape.css";

interface Outcome {
  readonly result: FindingsResult;
  readonly proposal?: Proposal;
  readonly match?: readonly SeriesMatch[];
  /** Why the runs that fit and check the proposal stopped short. */
  readonly failed?: string;
}

/** "From a scrape…": paste one or two kube-apiserver /metrics scrapes, see what they imply. */
export function ScrapeDialog() {
  const sheet = useSheet();
  const ids = { first: useId(), second: useId(), seconds: useId() };
  const [first, setFirst] = useState("");
  const [second, setSecond] = useState("");
  const [seconds, setSeconds] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const { trial } = useRuntime();
  /** The read whose runs are under way: a newer read (or closing the page) cancels them. */
  const reading = useRef<AbortController | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEffect(() => () => reading.current?.abort(), []);

  const read = () => {
    reading.current?.abort();
    reading.current = null;
    setBusy(null);
    const given = seconds.trim() === "" ? undefined : Number(seconds);
    const result = findingsOf([first, second], given);
    if (!result.ok) {
      setOutcome({ result });
      return;
    }
    const guess = propose(result.findings);
    setOutcome({ result, proposal: guess });
    // Runs of up to a simulated minute each, in the worker: the page paints and answers meanwhile.
    const controller = new AbortController();
    reading.current = controller;
    const { signal } = controller;
    const scrapes: TrialScrapes = async (query, atS) =>
      (await trial(query, atS, signal)).map(({ text }) => text);
    let proposal = guess;
    setBusy("Running the proposed scenario to check it…");
    void (async () => {
      const f = result.findings;
      proposal = await fitProposal(f, guess, scrapes, (runs) =>
        setBusy(`Fitting the proposal by runs: run ${runs}…`),
      );
      setOutcome({ result, proposal });
      setBusy("Running the proposed scenario to check it…");
      const match = await matchOf(f, proposal.query, scrapes);
      proposal = checked(proposal, match);
      setOutcome({ result, proposal, match });
      setBusy(null);
    })().catch((error: unknown) => {
      // A newer read of the scrapes took over: its own runs report.
      if (signal.aborted) return;
      const failed = error instanceof Error ? error.message : String(error);
      setOutcome({ result, proposal, failed });
      setBusy(null);
    });
  };

  return (
    <>
      <button type="button" onClick={sheet.open}>
        From a scrape…
      </button>
      <Sheet sheet={sheet} title="Start from your cluster's scrape" className="scrape-dialog">
        <p className="sheet-note">
          Paste the text of a kube-apiserver's <code>/metrics</code>. Two scrapes some seconds apart
          give rates; one gives ratios only. Only the pods watch cache's series are read.
        </p>
        <label htmlFor={ids.first}>Scrape (the earlier one, if two)</label>
        <textarea
          id={ids.first}
          rows={5}
          value={first}
          spellCheck={false}
          onChange={(e) => setFirst(e.target.value)}
        />
        <label htmlFor={ids.second}>Later scrape (optional)</label>
        <textarea
          id={ids.second}
          rows={5}
          value={second}
          spellCheck={false}
          onChange={(e) => setSecond(e.target.value)}
        />
        <div className="scrape-seconds">
          <label htmlFor={ids.seconds}>Seconds between them</label>
          <input
            id={ids.seconds}
            type="number"
            min={0}
            step="any"
            value={seconds}
            placeholder="from timestamps"
            onChange={(e) => setSeconds(e.target.value)}
          />
        </div>
        <SheetActions sheet={sheet}>
          <button type="button" className="primary" onClick={read}>
            Read the scrapes
          </button>
        </SheetActions>
        <div role="status" aria-live="polite">
          {outcome !== null && <OutcomeView outcome={outcome} busy={busy} onOpen={sheet.close} />}
        </div>
      </Sheet>
    </>
  );
}

function OutcomeView({
  outcome,
  busy,
  onOpen,
}: {
  outcome: Outcome;
  busy: string | null;
  onOpen: () => void;
}) {
  const { result, proposal, match, failed } = outcome;
  if (!result.ok) return <p className="scrape-problem">{result.message}</p>;
  const f = result.findings;
  return (
    <section className="scrape-findings" aria-label="What the scrapes say">
      <h3>Found</h3>
      <p>
        {f.found.join(", ")}; {f.ignored} other sample lines ignored
        {f.badLines.length > 0 ? `; unreadable lines: ${f.badLines.join(", ")}` : ""}.
      </p>
      <h3>What they imply</h3>
      <ul>
        {impliedLines(f).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {proposal !== undefined && (
        <>
          <h3>Proposed scenario</h3>
          <p>
            <code>
              <CodeBreaks text={proposal.query} />
            </code>
          </p>
          <ul>
            {proposal.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          {busy !== null && <p>{busy}</p>}
          {failed !== undefined && (
            <p className="scrape-problem">
              The runs that fit and check the proposal could not finish: {failed}.
            </p>
          )}
          {match !== undefined && <MatchTable rows={match} />}
          <a className="scrape-open" href={`#${proposal.query}`} onClick={onOpen}>
            Open this scenario
          </a>
        </>
      )}
    </section>
  );
}

function impliedLines(f: Findings): string[] {
  const lines: string[] = [];
  if (f.interval === undefined)
    lines.push("One scrape: ratios since the apiserver started, no rates.");
  else
    lines.push(
      `Two scrapes ${fmt(f.interval.seconds)} s apart (${f.interval.from === "you" ? "as you gave" : "from their timestamps"}): rates over that time.`,
    );
  if (f.consistentPerS !== undefined) {
    const c = f.consistentPerS;
    lines.push(
      `Consistent reads/s: ${fmt(c.false)} from the cache, ${fmt(c.true)} fell back to etcd, ${fmt(c.skipped)} refused (skipped).`,
    );
  } else {
    const c = f.consistentReads;
    lines.push(
      `Consistent reads counted: ${c.false} from the cache, ${c.true} fell back, ${c.skipped} skipped.`,
    );
  }
  if (f.wallShare !== undefined) lines.push(`Share that hit the wall: ${percent(f.wallShare)}.`);
  if (f.overWallWaitShare !== undefined)
    lines.push(`Read waits past le="3": ${percent(f.overWallWaitShare)}.`);
  if (f.meanWaitS !== undefined) lines.push(`Mean read wait: ${fmt(f.meanWaitS * 1000)} ms.`);
  if (f.eventsPerS !== undefined) lines.push(`Cache intake: ${fmt(f.eventsPerS)} events/s.`);
  if (f.capacity !== undefined) lines.push(`History ring capacity: ${f.capacity} slots.`);
  if (f.resourceVersion !== undefined) lines.push(`Cache resource version: ${f.resourceVersion}.`);
  return lines;
}

function MatchTable({ rows }: { rows: readonly SeriesMatch[] }) {
  return (
    <table className="scrape-match">
      <caption>How closely a run of the proposal matches</caption>
      <thead>
        <tr>
          <th scope="col">Series</th>
          <th scope="col">Scrape</th>
          <th scope="col">Run</th>
          <th scope="col">Off by</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.series}>
            <th scope="row">{row.series}</th>
            <td>{figure(row.scrape, row.unit)}</td>
            <td>{figure(row.run, row.unit)}</td>
            <td>
              {row.unit === "share" ? `${fmt(row.distance * 100)} pt` : percent(row.distance)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const fmt = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(1));
const figure = (v: number, unit: SeriesMatch["unit"]) =>
  unit === "share" ? percent(v) : unit === "s" ? `${fmt(v * 1000)} ms` : `${fmt(v)}/s`;
