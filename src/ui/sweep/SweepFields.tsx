import { useId } from "react";
import { MODELLED_GATES, SCENARIO_KEYS } from "../../model/index.ts";
import { SWEEPABLE_KEYS } from "../../sweep/dimension.ts";
import { SWEEP_FIGURES } from "../../sweep/figures.ts";
import type { SweepForm } from "./sweepForm.ts";

// The Sweep dialog's fields: what to vary (one key, a second for a heat map, a gate off and on),
// how (points, seeds, each run's duration), an optional threshold test, and the figures to plot in
// the words of the Decisions and etcd panels. Every field is labelled; the texts are checked only
// when the sweep runs, by the command line's reader, so the messages are the command line's.

interface FieldsProps {
  readonly form: SweepForm;
  readonly onChange: (form: SweepForm) => void;
  readonly disabled: boolean;
}

const keyLabel = (key: string) =>
  `${key} — ${SCENARIO_KEYS[key as keyof typeof SCENARIO_KEYS].label}`;

export function SweepFields({ form, onChange, disabled }: FieldsProps) {
  const id = useId();
  const set = (patch: Partial<SweepForm>) => onChange({ ...form, ...patch });
  const text = (name: keyof SweepForm, label: string, hint?: string, disabledHere = false) => (
    <div className="sweep-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type="text"
        spellCheck={false}
        value={form[name] as string}
        disabled={disabled || disabledHere}
        placeholder={hint}
        onChange={(event) => set({ [name]: event.target.value })}
      />
    </div>
  );
  const keySelect = (name: "key" | "key2", label: string, none: string | null) => (
    <div className="sweep-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <select
        id={`${id}-${name}`}
        value={form[name]}
        disabled={disabled}
        onChange={(event) => set({ [name]: event.target.value })}
      >
        {none === null ? null : <option value="">{none}</option>}
        {SWEEPABLE_KEYS.map((key) => (
          <option key={key} value={key}>
            {keyLabel(key)}
          </option>
        ))}
      </select>
    </div>
  );
  const search = form.find.trim() !== "";
  return (
    <div className="sweep-fields">
      <fieldset>
        <legend>What to vary</legend>
        {keySelect("key", "Key", null)}
        {text("range", "Range A..B", "2000..4000, or 500@10..60 inside a value")}
        {text("points", "Points", "2 … 1000", search)}
        {keySelect("key2", "Second key (a heat map)", "none")}
        {form.key2 === "" ? null : (
          <>
            {text("range2", "Its range A..B", "1..20")}
            {text("points2", "Its points", "2 … 1000", search)}
          </>
        )}
        <div className="sweep-field">
          <label htmlFor={`${id}-gate`}>Gate, off and on</label>
          <select
            id={`${id}-gate`}
            value={form.gate}
            disabled={disabled}
            onChange={(event) => set({ gate: event.target.value })}
          >
            <option value="">none</option>
            {MODELLED_GATES.map((gate) => (
              <option key={gate} value={gate}>
                {gate}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <fieldset>
        <legend>Each run</legend>
        {text("duration", "Duration, simulated s", "60")}
        {text("seeds", "Seeds", "1 … 100")}
        {text("find", "Find where (optional)", "fallbacks>0")}
        {search ? text("precision", "Precision, in the key's unit", "10") : null}
      </fieldset>
      <fieldset className="sweep-figures">
        <legend>Figures to plot{search ? " (a search plots the figure it tests)" : ""}</legend>
        {SWEEP_FIGURES.map((figure) => (
          <label key={figure.id} className="sweep-choice">
            <input
              type="checkbox"
              disabled={disabled || search}
              checked={form.figures.includes(figure.id)}
              onChange={(event) =>
                set({
                  figures: SWEEP_FIGURES.map((f) => f.id).filter((candidate) =>
                    candidate === figure.id
                      ? event.target.checked
                      : form.figures.includes(candidate),
                  ),
                })
              }
            />
            {figure.label}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
