import {
  type K8sVersion,
  noRvGuardRemoves,
  SCENARIO_KEYS,
  WHATIF_SWITCHES,
  type WhatIf,
} from "../../model/index.ts";
import { useApp } from "../../state/useApp.ts";
import { useRunKey } from "./useRunKey.ts";

// What each switch removes; the wait function differs by version, so its words come from the model.
const WHAT_IT_REMOVES: Record<WhatIf, (k8s: K8sVersion) => string> = {
  noRvGuard: noRvGuardRemoves,
  noHysteresis: () => "the ring shrinks when its oldest event is stale (watch it flap)",
};

/** Switches that remove a safeguard, to show what it prevents. */
export function WhatIfToggles() {
  const whatif = useApp((state) => state.scenario.whatif);
  const k8s = useApp((state) => state.scenario.k8s);
  const [, setText] = useRunKey("whatif");
  const toggle = (name: WhatIf) =>
    setText(
      WHATIF_SWITCHES.filter((other) => (other === name ? !whatif[other] : whatif[other])).join(
        ",",
      ),
    );
  return (
    <fieldset className="toggles" title={SCENARIO_KEYS.whatif.help}>
      <legend>What if…</legend>
      {WHATIF_SWITCHES.map((name) => (
        <div className="toggle" key={name}>
          <label>
            <input type="checkbox" checked={whatif[name]} onChange={() => toggle(name)} />
            <span className="gate-name">{name}</span>
          </label>
          <small className="note">{WHAT_IT_REMOVES[name](k8s)}</small>
        </div>
      ))}
    </fieldset>
  );
}
