import { useId, useState } from "react";
import { EMBED_FIRST_IDS } from "../../content/panels.ts";
import { encodeScenario, MAX_OPEN_AT_S } from "../../model/index.ts";
import { addressFor } from "../../state/url.ts";
import { useApp } from "../../state/useApp.ts";
import { CheckedField } from "../controls/CheckedField.tsx";
import { type FieldRule, rangeRule } from "../controls/fieldRules.ts";
import { copyToClipboard } from "../export/clipboard.ts";
import { Sheet, SheetActions, useSheet } from "../sheet/Sheet.tsx";
import { EMBEDDABLE_PANELS } from "./embeddablePanels.tsx";
import { embedQuery, iframeSnippet } from "./embedSnippet.ts";
import "./embed.css";

// The embed's window is `t` and `until` (seconds 0 … 86 400); its frame a sensible pixel size. A
// value outside them is refused beside its field and the one in force is kept, as in the run
// settings.
const SECONDS = rangeRule({ min: 0, max: MAX_OPEN_AT_S, integer: false }, "s");
const UNTIL: FieldRule = {
  expected: `${SECONDS.expected}, or empty to play on`,
  accepts: (text) => text.trim() === "" || SECONDS.accepts(text),
};
const WIDTH = rangeRule({ min: 200, max: 7680, integer: true }, "px");
const HEIGHT = rangeRule({ min: 150, max: 4320, integer: true }, "px");

/** "Embed…": builds an <iframe> snippet of this scenario with the panels and window chosen. */
export function EmbedDialog() {
  const sheet = useSheet();
  const ids = { snippet: useId(), frameTitle: useId() };
  const scenario = useApp((state) => state.scenario);
  const [panels, setPanels] = useState<readonly string[]>(EMBED_FIRST_IDS);
  const [controls, setControls] = useState(false);
  const [startS, setStartS] = useState(0);
  const [untilS, setUntilS] = useState<number | null>(null);
  const [loop, setLoop] = useState(false);
  const [width, setWidth] = useState(960);
  const [height, setHeight] = useState(540);
  const [title, setTitle] = useState("");
  const [copied, setCopied] = useState("");

  const frameTitle = title || `Watch Cache Lab: ${scenario.name || "a watch cache simulation"}`;
  const query = embedQuery(encodeScenario(scenario), { panels, controls, startS, untilS, loop });
  const src = addressFor(window.location, query);
  const snippet = iframeSnippet(src, { width, height, title: frameTitle });
  const windowProblem =
    untilS !== null && untilS <= startS ? "The end must come after the start." : "";

  const open = () => {
    setCopied("");
    sheet.open();
  };
  const toggle = (id: string, on: boolean) =>
    setPanels((chosen) =>
      EMBEDDABLE_PANELS.map((entry) => entry.id).filter((candidate) =>
        candidate === id ? on : chosen.includes(candidate),
      ),
    );
  const copy = async () =>
    setCopied(
      (await copyToClipboard(snippet))
        ? "Snippet copied"
        : "No clipboard here: select the snippet and copy it",
    );

  return (
    <>
      <button type="button" onClick={open}>
        Embed…
      </button>
      <Sheet sheet={sheet} title="Embed this scenario" className="embed-dialog">
        <fieldset>
          <legend>Panels</legend>
          {EMBEDDABLE_PANELS.map((entry) => (
            <label key={entry.id} className="embed-choice">
              <input
                type="checkbox"
                checked={panels.includes(entry.id)}
                onChange={(event) => toggle(entry.id, event.target.checked)}
              />
              {entry.title}
            </label>
          ))}
        </fieldset>
        <label className="embed-choice">
          <input
            type="checkbox"
            checked={controls}
            onChange={(event) => setControls(event.target.checked)}
          />
          Show the control panel (play/pause is always there)
        </label>
        <fieldset>
          <legend>Window, simulated seconds</legend>
          <CheckedField
            className="embed-number"
            label="Start at"
            unit="s"
            current={String(startS)}
            keptWords={`${startS} s`}
            rule={SECONDS}
            onCommit={(text) => setStartS(Number(text))}
          />
          <CheckedField
            className="embed-number"
            label="Stop at"
            unit="s"
            current={untilS === null ? "" : String(untilS)}
            keptWords={untilS === null ? "no end (plays on)" : `${untilS} s`}
            rule={UNTIL}
            onCommit={(text) => setUntilS(text.trim() === "" ? null : Number(text))}
          />
          <label className="embed-choice">
            <input
              type="checkbox"
              checked={loop}
              disabled={untilS === null}
              onChange={(event) => setLoop(event.target.checked)}
            />
            Loop the window
          </label>
          {windowProblem && <p className="embed-problem">{windowProblem}</p>}
        </fieldset>
        <fieldset>
          <legend>Frame</legend>
          <CheckedField
            className="embed-number"
            label="Width"
            unit="px"
            current={String(width)}
            keptWords={`${width} px`}
            rule={WIDTH}
            inputMode="numeric"
            onCommit={(text) => setWidth(Number(text))}
          />
          <CheckedField
            className="embed-number"
            label="Height"
            unit="px"
            current={String(height)}
            keptWords={`${height} px`}
            rule={HEIGHT}
            inputMode="numeric"
            onCommit={(text) => setHeight(Number(text))}
          />
          <label htmlFor={ids.frameTitle}>Title (read by screen readers)</label>
          <input
            id={ids.frameTitle}
            type="text"
            value={title}
            placeholder={frameTitle}
            onChange={(event) => setTitle(event.target.value)}
          />
        </fieldset>
        <label htmlFor={ids.snippet}>Snippet</label>
        <textarea id={ids.snippet} readOnly rows={4} value={snippet} />
        <SheetActions sheet={sheet}>
          <button type="button" className="primary" onClick={copy} disabled={panels.length === 0}>
            Copy
          </button>
          <a href={src} target="_blank" rel="noopener">
            Preview the embed
          </a>
          <span role="status">{copied}</span>
        </SheetActions>
      </Sheet>
    </>
  );
}
