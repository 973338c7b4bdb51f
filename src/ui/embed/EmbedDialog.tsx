import { useId, useRef, useState } from "react";
import { encodeScenario } from "../../model/index.ts";
import { addressFor } from "../../state/url.ts";
import { useApp } from "../../state/use-app.ts";
import { EMBEDDABLE_PANELS } from "./embeddablePanels.tsx";
import { embedQuery, iframeSnippet } from "./embedSnippet.ts";
import { NumberInput } from "./NumberInput.tsx";
import "./embed.css";

const DEFAULT_PANELS = ["ring", "waiting"];

/** "Embed…": builds an <iframe> snippet of this scenario with the panels and window chosen. */
export function EmbedDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = { title: useId(), snippet: useId(), frameTitle: useId() };
  const scenario = useApp((state) => state.scenario);
  const [panels, setPanels] = useState<readonly string[]>(DEFAULT_PANELS);
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
    const element = dialog.current;
    if (element && typeof element.showModal === "function") element.showModal();
    else element?.setAttribute("open", "");
  };
  const toggle = (id: string, on: boolean) =>
    setPanels((chosen) =>
      EMBEDDABLE_PANELS.map((entry) => entry.id).filter((candidate) =>
        candidate === id ? on : chosen.includes(candidate),
      ),
    );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied("Snippet copied");
    } catch {
      setCopied("No clipboard here: select the snippet and copy it");
    }
  };

  return (
    <>
      <button type="button" onClick={open}>
        Embed…
      </button>
      <dialog ref={dialog} className="sheet embed-dialog" aria-labelledby={ids.title}>
        <h2 id={ids.title}>Embed this scenario</h2>
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
          <NumberInput
            label="Start at"
            value={startS}
            min={0}
            onChange={(v) => setStartS(v ?? 0)}
          />
          <NumberInput label="Stop at" value={untilS} min={0} onChange={setUntilS} />
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
          <NumberInput label="Width" value={width} min={200} onChange={(v) => setWidth(v ?? 960)} />
          <NumberInput
            label="Height"
            value={height}
            min={150}
            onChange={(v) => setHeight(v ?? 540)}
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
        <div className="embed-actions">
          <button type="button" className="primary" onClick={copy} disabled={panels.length === 0}>
            Copy
          </button>
          <a href={src} target="_blank" rel="noopener">
            Preview the embed
          </a>
          <span role="status">{copied}</span>
          <button type="button" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
      </dialog>
    </>
  );
}
