import type { K8sVersion, ModelledGate, ScenarioKey } from "../../model/index.ts";
import {
  allowedText,
  gatesFor,
  MODELLED_GATES,
  parseScenario,
  resolveGates,
  SCENARIO_KEYS,
  WHATIF_SWITCHES,
} from "../../model/index.ts";
import { CheckedField } from "../controls/CheckedField.tsx";
import type { FieldRule } from "../controls/fieldRules.ts";
import { lockedReason } from "../controls/gate-reasons.ts";
import { gateSettingsText } from "../controls/gate-settings-text.ts";

interface KnobValueInputProps {
  knob: ScenarioKey;
  text: string;
  /** Run B's version: it decides which gates can be set. */
  version: K8sVersion;
  label: string;
  onChange(text: string): void;
  /** Told whether the text being typed would be accepted (Start waits for it). */
  onValidity?: (valid: boolean) => void;
}

/** What a link accepts for `knob`: the codec's own check, in the key table's words. */
export function knobRule(knob: ScenarioKey): FieldRule {
  return {
    expected: allowedText(SCENARIO_KEYS[knob].value, SCENARIO_KEYS[knob].unit),
    accepts: (text) =>
      text.trim() !== "" &&
      parseScenario(new URLSearchParams({ [knob]: text.trim() }).toString()).issues.length === 0,
  };
}

/** B's value for one knob: a list for choices, boxes for gates and switches, else link text. */
export function KnobValueInput({
  knob,
  text,
  version,
  label,
  onChange,
  onValidity,
}: KnobValueInputProps) {
  const spec = SCENARIO_KEYS[knob].value;
  if (spec.kind === "choice") {
    return (
      <select aria-label={label} value={text} onChange={(e) => onChange(e.target.value)}>
        {spec.options.map((option) => (
          <option key={option}>{option}</option>
        ))}
      </select>
    );
  }
  if (spec.kind === "gates") return <GateBoxes text={text} version={version} onChange={onChange} />;
  if (spec.kind === "switches") {
    const on = new Set(text.split(",").filter((name) => name !== ""));
    const toggle = (name: string) => {
      if (on.has(name)) on.delete(name);
      else on.add(name);
      onChange(WHATIF_SWITCHES.filter((option) => on.has(option)).join(","));
    };
    return (
      <span className="twin-boxes">
        {WHATIF_SWITCHES.map((name) => (
          <label key={name}>
            <input type="checkbox" checked={on.has(name)} onChange={() => toggle(name)} />
            {name}
          </label>
        ))}
      </span>
    );
  }
  const unit = SCENARIO_KEYS[knob].unit;
  // A value that is never silently replaced: a refused one keeps B's value in force and says so.
  return (
    <CheckedField
      className="twin-text-value checked-field"
      label={label}
      hiddenLabel
      current={text}
      keptWords={unit === "" ? text : `${text} ${unit}`}
      unit={unit}
      inputMode="text"
      rule={knobRule(knob)}
      onCommit={(next) => onChange(next.trim())}
      {...(onValidity ? { onValidity } : {})}
    />
  );
}

function GateBoxes({
  text,
  version,
  onChange,
}: {
  text: string;
  version: K8sVersion;
  onChange(text: string): void;
}) {
  const specs = gatesFor(version);
  const parsed = parseScenario(new URLSearchParams({ k8s: version, gates: text }).toString());
  const gates =
    parsed.issues.length === 0 ? parsed.scenario.gatesInForce : resolveGates(version, []);
  const toggle = (gate: ModelledGate) =>
    onChange(gateSettingsText({ ...gates, [gate]: !gates[gate] }, version));
  return (
    <span className="twin-boxes">
      {MODELLED_GATES.map((gate) => {
        const reason = lockedReason(specs[gate], version);
        return (
          <label key={gate} title={reason ?? undefined}>
            <input
              type="checkbox"
              checked={gates[gate]}
              disabled={reason !== null}
              onChange={() => toggle(gate)}
            />
            {gate}
          </label>
        );
      })}
    </span>
  );
}
