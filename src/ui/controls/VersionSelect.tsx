import { useId, useState } from "react";
import { oracleCheckText } from "../../content/oracle-check.ts";
import { K8S_VERSIONS, SCENARIO_KEYS } from "../../model/index.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { useApp } from "../../state/useApp.ts";
import { switchVersion } from "./version-switch.ts";

/**
 * The Kubernetes version. A gate setting the chosen version does not accept is dropped, named
 * under the select, and kept aside until a version that accepts it is chosen again.
 */
export function VersionSelect() {
  const id = useId();
  const { store } = useRuntime();
  const version = useApp((state) => state.scenario.k8s);
  const [setAside, setSetAside] = useState<string[]>([]);
  const [note, setNote] = useState("");
  const { label, help } = SCENARIO_KEYS.k8s;

  const choose = (next: string) => {
    const { scenario, restartWith } = store.getState();
    if (next === scenario.k8s) return;
    const change = switchVersion(scenario, next, setAside);
    setSetAside(change.setAside);
    setNote(versionNote(next, change.dropped, change.restored));
    restartWith(change.scenario, label);
  };

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} title={help} value={version} onChange={(event) => choose(event.target.value)}>
        {K8S_VERSIONS.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <small className="note" role="status">
        {note}
      </small>
      <small className="note">{withWholeDates(oracleCheckText(version))}</small>
    </div>
  );
}

/** The line with its date kept whole: at 390 px the column broke "2026-12-\n06" at a hyphen. */
function withWholeDates(text: string) {
  return text.split(/(\d{4}-\d{2}-\d{2})/).map((part, i) =>
    i % 2 === 1 ? (
      <span key={part} className="unbroken">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

function versionNote(version: string, dropped: string[], restored: string[]): string {
  const parts: string[] = [];
  if (dropped.length > 0) {
    parts.push(
      `${version} does not accept ${dropped.join(", ")}: dropped, and put back if you choose a version that has it again.`,
    );
  }
  if (restored.length > 0) parts.push(`${restored.join(", ")} put back: ${version} has it.`);
  return parts.join(" ");
}
