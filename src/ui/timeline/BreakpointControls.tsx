import { useState } from "react";
import type { MarkKind } from "../../model/index.ts";
import { useTravel } from "../../state/useTravel.ts";
import { CheckedField } from "../controls/CheckedField.tsx";
import { positiveRule } from "../controls/fieldRules.ts";

const MARK_CHOICES: readonly { kind: MarkKind; label: string }[] = [
  { kind: "first429", label: "first 429" },
  { kind: "ringShrink", label: "ring shrink" },
];
const DEFAULT_LAG_MS = 1000;
const LAG_MS = positiveRule("ms");

/** "Pause on": the kinds of moment that stop a playing run (the worker checks them). */
export function BreakpointControls() {
  const choice = useTravel((s) => s.breakpoints);
  const setBreakpoints = useTravel((s) => s.setBreakpoints);
  const [lagMs, setLagMs] = useState(choice.lagAboveMs ?? DEFAULT_LAG_MS);
  const toggle = (kind: MarkKind, on: boolean) => {
    const kinds = choice.kinds.filter((k) => k !== kind);
    setBreakpoints({ ...choice, kinds: on ? [...kinds, kind] : kinds });
  };
  const lagOn = choice.lagAboveMs !== null;
  return (
    <fieldset className="breakpoints">
      <legend>Pause on</legend>
      {MARK_CHOICES.map(({ kind, label }) => (
        <label key={kind}>
          <input
            type="checkbox"
            checked={choice.kinds.includes(kind)}
            onChange={(event) => toggle(kind, event.currentTarget.checked)}
          />
          {label}
        </label>
      ))}
      <label>
        <input
          type="checkbox"
          checked={lagOn}
          onChange={(event) =>
            setBreakpoints({ ...choice, lagAboveMs: event.currentTarget.checked ? lagMs : null })
          }
        />
        lag above
      </label>
      <CheckedField
        className="breakpoint-lag"
        label="Lag that pauses the run"
        hiddenLabel
        unit="ms"
        current={String(lagMs)}
        rule={LAG_MS}
        onCommit={(text) => {
          const value = Number(text);
          setLagMs(value);
          if (lagOn) setBreakpoints({ ...choice, lagAboveMs: value });
        }}
      />
    </fieldset>
  );
}
