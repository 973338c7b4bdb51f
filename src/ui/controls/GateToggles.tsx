import { useId } from "react";
import type { ModelledGate } from "../../model/index.ts";
import { gatesFor, MODELLED_GATES } from "../../model/index.ts";
import { useApp } from "../../state/useApp.ts";
import { CamelBreaks } from "../text/CamelBreaks.tsx";
import { lockedReason, stageText } from "./gate-reasons.ts";
import { gateSettingsText } from "./gate-settings-text.ts";
import { useRunKey } from "./useRunKey.ts";

/** One checkbox per modelled feature gate; locked or absent gates are disabled, with the reason. */
export function GateToggles() {
  const gates = useApp((state) => state.scenario.gatesInForce);
  const version = useApp((state) => state.scenario.k8s);
  const [, setText] = useRunKey("gates");
  const specs = gatesFor(version);

  const toggle = (gate: ModelledGate) =>
    setText(gateSettingsText({ ...gates, [gate]: !gates[gate] }, version));

  return (
    <fieldset className="toggles">
      <legend>Feature gates</legend>
      {MODELLED_GATES.map((gate) => (
        <GateToggle
          key={gate}
          gate={gate}
          checked={gates[gate]}
          reason={lockedReason(specs[gate], version)}
          stage={stageText(specs[gate])}
          onToggle={() => toggle(gate)}
        />
      ))}
    </fieldset>
  );
}

interface GateToggleProps {
  gate: ModelledGate;
  checked: boolean;
  reason: string | null;
  stage: string;
  onToggle: () => void;
}

function GateToggle({ gate, checked, reason, stage, onToggle }: GateToggleProps) {
  const noteId = useId();
  return (
    <div className="toggle">
      <label>
        <input
          type="checkbox"
          checked={checked}
          disabled={reason !== null}
          aria-describedby={noteId}
          onChange={onToggle}
        />
        <span className="gate-name">
          <CamelBreaks text={gate} />
        </span>
      </label>
      <small id={noteId} className="note">
        {reason ?? stage}
      </small>
    </div>
  );
}
