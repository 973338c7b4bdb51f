import { useId } from "react";
import { READ_MIX_KINDS, type ReadMixKind, SCENARIO_KEYS } from "../../model/index.ts";
import { useApp } from "../../state/use-app.ts";
import { useCommitOnChange } from "./use-commit-on-change.ts";
import { useRunKey } from "./use-run-key.ts";

const KIND_LABELS: Record<ReadMixKind, string> = {
  rv0: 'RV="0"',
  consistent: 'consistent (RV="")',
  notOlderThan: "not older than RV",
  exact: "exact RV",
};

const percent = (share: number) => String(Math.round(share * 1000) / 10);

/** The read mix as four shares in per cent; the codec normalises them to sum to 1. */
export function MixInputs() {
  const mix = useApp((state) => state.scenario.mix);
  const [text, setText] = useRunKey("mix");
  const commitShare = (kind: ReadMixKind, input: HTMLInputElement) => {
    const share = Number(input.value);
    const next = { ...mix, [kind]: share / 100 };
    const valid = input.value !== "" && share >= 0 && READ_MIX_KINDS.some((k) => next[k] > 0);
    if (!valid) {
      input.value = percent(mix[kind]); // refused: the field shows the share in force again
      return;
    }
    setText(READ_MIX_KINDS.map((k) => `${k}:${k === kind ? share : percent(mix[k])}`).join(","));
  };
  return (
    <fieldset className="mix" title={SCENARIO_KEYS.mix.help}>
      <legend>Read mix (%)</legend>
      {READ_MIX_KINDS.map((kind) => (
        <MixShare key={`${kind}:${text}`} kind={kind} share={mix[kind]} onCommit={commitShare} />
      ))}
    </fieldset>
  );
}

interface MixShareProps {
  kind: ReadMixKind;
  share: number;
  onCommit: (kind: ReadMixKind, input: HTMLInputElement) => void;
}

function MixShare({ kind, share, onCommit }: MixShareProps) {
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
        max={100}
        step="any"
        defaultValue={percent(share)}
      />
    </div>
  );
}
