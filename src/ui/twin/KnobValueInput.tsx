import type { K8sVersion, ModelledGate, ScenarioKey } from "../../model/index.ts";
import {
  gatesFor,
  MODELLED_GATES,
  parseScenario,
  resolveGates,
  SCENARIO_KEYS,
  WHATIF_SWITCHES,
} from "../../model/index.ts";
import { lockedReason } from "../controls/gate-reasons.ts";
import { gateSettingsText } from "../controls/gate-settings-text.ts";

interface KnobValueInputProps {
  knob: ScenarioKey;
  text: string;
  /** Run B's version: it decides which gates can be set. */
  version: K8sVersion;
  label: string;
  onChange(text: string): void;
}

/** B's value for one knob: a list for choices, boxes for gates and switches, else link text. */
export function KnobValueInput({ knob, text, version, label, onChange }: KnobValueInputProps) {
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
  return (
    <span className="twin-text-value">
      <input aria-label={label} value={text} onChange={(e) => onChange(e.target.value)} />
      {unit !== "" && <span className="twin-unit">{unit}</span>}
    </span>
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
