import type { NumberRange, ScenarioKey, ValueSpec } from "../../model/index.ts";
import { SCENARIO_KEYS, SCHEDULE_KEYS } from "../../model/index.ts";
import { FAULT_KEYS, Locked, LocksNote } from "../challenges/ControlLocks.tsx";
import { Later, MOUNT_TURN } from "../layout/MountTurns.tsx";
import { ChoiceSelect } from "./ChoiceSelect.tsx";
import { FaultButtons } from "./FaultButtons.tsx";
import { GateToggles } from "./GateToggles.tsx";
import { LimitInputs } from "./LimitInputs.tsx";
import { LiveSlider } from "./LiveSlider.tsx";
import { MixInputs } from "./MixInputs.tsx";
import { NameField } from "./NameField.tsx";
import { NumberField } from "./NumberField.tsx";
import { ResetDefaultsButton } from "./ResetDefaultsButton.tsx";
import { RunSlider } from "./RunSlider.tsx";
import { VersionSelect } from "./VersionSelect.tsx";
import { WhatIfToggles } from "./WhatIfToggles.tsx";

// Built from the codec's table of keys, in its order: a key added there gets a control here.
// Live keys (schedules) come first, then the fault buttons, then the keys that restart the run.

const ENTRIES = Object.entries(SCENARIO_KEYS) as [ScenarioKey, { value: ValueSpec }][];

// Keys typed exactly rather than slid: a seed has no "more" or "less".
const TYPED_KEYS: readonly ScenarioKey[] = ["seed"];

function RunControl({ runKey, spec }: { runKey: ScenarioKey; spec: ValueSpec }) {
  const control = controlFor(runKey, spec);
  return control === null ? null : <Locked keys={[runKey]}>{control}</Locked>;
}

function controlFor(runKey: ScenarioKey, spec: ValueSpec) {
  switch (spec.kind) {
    case "number":
      if (runKey === "v") return null; // the schema version is the link's, not a setting
      return TYPED_KEYS.includes(runKey) ? (
        <NumberField runKey={runKey} range={spec as NumberRange} />
      ) : (
        <RunSlider runKey={runKey} range={spec as NumberRange} />
      );
    case "choice":
      if (runKey === "k8s") return <VersionSelect />;
      return <ChoiceSelect runKey={runKey} options={spec.options} />;
    case "gates":
      return <GateToggles />;
    case "mix":
      return <MixInputs />;
    case "limits":
      return <LimitInputs />;
    case "switches":
      return <WhatIfToggles />;
    case "text":
      return <NameField />;
    default:
      return null; // herds, aways, stalls and times are pressed as faults below
  }
}

export function ControlPanel() {
  return (
    <form
      className="control-panel"
      aria-label="Scenario controls"
      onSubmit={(e) => e.preventDefault()}
    >
      <ResetDefaultsButton />
      <LocksNote />
      <section>
        <h2>Live: changes apply now</h2>
        {SCHEDULE_KEYS.map((key) => (
          <Locked key={key} keys={[key]}>
            <LiveSlider scheduleKey={key} />
          </Locked>
        ))}
      </section>
      <section>
        <Locked keys={FAULT_KEYS}>
          <FaultButtons />
        </Locked>
      </section>
      <section>
        <h2>Run settings: a change restarts</h2>
        <p className="control-note">
          The run starts again from 0 s; the live settings above carry over as they stand.
        </p>
        {/* Below the fold of the column: mounted a turn after the live controls. */}
        <Later turn={MOUNT_TURN.settings}>
          {ENTRIES.map(([key, { value }]) => (
            <RunControl key={key} runKey={key} spec={value} />
          ))}
        </Later>
      </section>
    </form>
  );
}
