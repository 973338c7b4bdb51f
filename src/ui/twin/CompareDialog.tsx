import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { K8sVersion } from "../../model/index.ts";
import { K8S_VERSIONS, SCENARIO_KEYS } from "../../model/index.ts";
import { readTwin } from "../../state/twin-override.ts";
import { useApp } from "../../state/useApp.ts";
import { KnobValueInput } from "./KnobValueInput.tsx";
import { type KnobRow, overrideText, rowFor, rowsOf, SUGGESTIONS, TWIN_KNOBS } from "./knobs.ts";
import { describeSides } from "./twinLabels.ts";

const isVersion = (text: string | undefined): text is K8sVersion =>
  (K8S_VERSIONS as readonly (string | undefined)[]).includes(text);

/** Picks the knobs run B sets apart from run A, checked by the scenario codec as they are typed. */
export function CompareDialog({ onClose }: { onClose(): void }) {
  const main = useApp((state) => state.scenario);
  const running = useApp((state) => state.pageKeys["twin"]);
  const compare = useApp((state) => state.compare);
  const [rows, setRows] = useState<KnobRow[]>(() =>
    running === undefined ? (SUGGESTIONS[0]?.rows(main) ?? []) : rowsOf(running),
  );
  const text = overrideText(rows);
  /** Rows whose value being typed would be refused: Start waits until it is fixed or left. */
  const [typingRefused, setTypingRefused] = useState<ReadonlySet<string>>(new Set());
  const validity = (key: string) => (valid: boolean) =>
    setTypingRefused((keys) => {
      if (valid === !keys.has(key)) return keys;
      const next = new Set(keys);
      if (valid) next.delete(key);
      else next.add(key);
      return next;
    });
  const reading = useMemo(() => readTwin(text, main), [text, main]);
  const titleId = useId();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);

  const versionText = rows.find((row) => row.key === "k8s")?.text;
  const version = isVersion(versionText) ? versionText : main.k8s;
  const update = (index: number, row: KnobRow) =>
    setRows(rows.map((old, i) => (i === index ? row : old)));
  const unused = TWIN_KNOBS.find((key) => !rows.some((row) => row.key === key));
  const refusing = rows.some((row) => typingRefused.has(row.key));
  const start = () => {
    if (!reading.ok || refusing) return;
    compare(reading.text);
    onClose();
  };

  return (
    <div
      role="dialog"
      aria-labelledby={titleId}
      className="twin-dialog"
      onKeyDown={(event) => event.key === "Escape" && onClose()}
    >
      <h2 id={titleId}>Compare two runs</h2>
      <p className="twin-note">
        Run A is this scenario. Run B is the same scenario and seed with the knobs below changed.
        Both start together from 0 s on one clock; live changes and faults apply to both, except to
        these knobs.
      </p>
      <fieldset className="twin-suggestions">
        <legend>Suggested comparisons</legend>
        {SUGGESTIONS.map((suggestion, i) => (
          <button
            key={suggestion.label}
            ref={i === 0 ? first : undefined}
            type="button"
            onClick={() => setRows(suggestion.rows(main))}
          >
            {suggestion.label}
          </button>
        ))}
      </fieldset>
      <ul className="twin-knobs">
        {rows.map((row, i) => {
          const label = SCENARIO_KEYS[row.key].label;
          return (
            <li key={row.key}>
              <select
                aria-label={`Knob ${i + 1}`}
                value={row.key}
                onChange={(e) => update(i, rowFor(e.target.value as KnobRow["key"], main))}
              >
                {TWIN_KNOBS.map((key) => (
                  <option
                    key={key}
                    value={key}
                    disabled={key !== row.key && rows.some((r) => r.key === key)}
                  >
                    {SCENARIO_KEYS[key].label}
                  </option>
                ))}
              </select>
              <KnobValueInput
                knob={row.key}
                text={row.text}
                version={version}
                label={`B: ${label}`}
                onChange={(next) => update(i, { key: row.key, text: next })}
                onValidity={validity(row.key)}
              />
              <button
                type="button"
                aria-label={`Remove ${label}`}
                onClick={() => setRows(rows.filter((_, j) => j !== i))}
              >
                ×
              </button>
            </li>
          );
        })}
      </ul>
      {unused !== undefined && (
        <button type="button" onClick={() => setRows([...rows, rowFor(unused, main)])}>
          Add a knob
        </button>
      )}
      {reading.ok ? (
        <SidesPreview sides={describeSides(main, reading.scenario, reading.differing)} />
      ) : (
        <ul className="twin-problems" aria-live="polite">
          {reading.issues.map((issue) => (
            <li key={issue.message}>{issue.message}</li>
          ))}
        </ul>
      )}
      <div className="twin-dialog-actions">
        <button
          type="button"
          className="primary"
          disabled={!reading.ok || refusing}
          onClick={start}
        >
          Start twin run
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function SidesPreview({ sides }: { sides: { a: string; b: string } }) {
  return (
    <p className="twin-preview">
      <strong>A:</strong> {sides.a} · <strong>B:</strong> {sides.b}
    </p>
  );
}
