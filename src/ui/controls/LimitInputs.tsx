import { useId, useState } from "react";
import {
  MAX_LIMIT,
  parseLimits,
  READ_MIX_KINDS,
  type ReadMixKind,
  SCENARIO_KEYS,
} from "../../model/index.ts";
import { useApp } from "../../state/useApp.ts";
import { useCommitOnChange } from "./useCommitOnChange.ts";
import { useRunKey } from "./useRunKey.ts";

const KIND_LABELS: Record<ReadMixKind, string> = {
  rv0: 'RV="0" limit (the cache ignores it)',
  consistent: "consistent limit (herds too)",
  notOlderThan: "not-older-than limit",
  exact: "exact-RV limit",
};

/**
 * The LIST limit of each read kind: 0 lists everything in one request, N walks pages of N. A
 * value the codec refuses keeps the limit in force and says why beside the field.
 */
export function LimitInputs() {
  const limits = useApp((state) => state.scenario.limits);
  const [text, setText] = useRunKey("limits");
  const [refusal, setRefusal] = useState<string | null>(null);
  const commit = (kind: ReadMixKind, input: HTMLInputElement) => {
    const parsed = parseLimits(`${kind}:${input.value.trim()}`, limits);
    if (!parsed.ok) {
      setRefusal(`${KIND_LABELS[kind]}: "${input.value}" refused: ${parsed.reasons.join("; ")}`);
      input.value = String(limits[kind]);
      return;
    }
    setRefusal(null);
    if (parsed.value[kind] === limits[kind]) return;
    setText(READ_MIX_KINDS.map((k) => `${k}:${parsed.value[k]}`).join(","));
  };
  return (
    <fieldset className="limits" title={SCENARIO_KEYS.limits.help}>
      <legend>LIST limit per read kind (0 = one full LIST)</legend>
      {READ_MIX_KINDS.map((kind) => (
        <LimitField key={`${kind}:${text}`} kind={kind} limit={limits[kind]} onCommit={commit} />
      ))}
      {refusal === null ? null : (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
    </fieldset>
  );
}

interface LimitFieldProps {
  kind: ReadMixKind;
  limit: number;
  onCommit: (kind: ReadMixKind, input: HTMLInputElement) => void;
}

function LimitField({ kind, limit, onCommit }: LimitFieldProps) {
  const id = useId();
  const ref = useCommitOnChange<HTMLInputElement>((input) => onCommit(kind, input));
  return (
    <div className="mix-share">
      <label htmlFor={id}>{KIND_LABELS[kind]}</label>
      <input
        id={id}
        ref={ref}
        type="number"
        min={0}
        max={MAX_LIMIT}
        step={1}
        defaultValue={String(limit)}
      />
    </div>
  );
}
