import { READ_MIX_KINDS, type ReadMixKind, SCENARIO_KEYS } from "../../model/index.ts";
import { useApp } from "../../state/useApp.ts";
import { CheckedField } from "./CheckedField.tsx";
import { type FieldRule, positiveRule } from "./fieldRules.ts";
import { useRunKey } from "./useRunKey.ts";

const KIND_LABELS: Record<ReadMixKind, string> = {
  rv0: 'RV="0"',
  consistent: 'consistent (RV="")',
  notOlderThan: "not older than RV",
  exact: "exact RV",
};

const percent = (share: number) => String(Math.round(share * 1000) / 10);

/** A share as the key table allows it: ≥ 0, and the four not all zero. */
function shareRule(kind: ReadMixKind, mix: Readonly<Record<ReadMixKind, number>>): FieldRule {
  const positive = positiveRule("per cent");
  const othersZero = READ_MIX_KINDS.every((other) => other === kind || mix[other] === 0);
  return {
    expected: othersZero ? "a share > 0 %: the other kinds are all 0" : "a share ≥ 0 %",
    accepts: (text) =>
      positive.accepts(text) || (!othersZero && Number(text.trim()) === 0 && text.trim() !== ""),
  };
}

/** The read mix as four shares in per cent; the codec normalises them to sum to 1. */
export function MixInputs() {
  const mix = useApp((state) => state.scenario.mix);
  const [, setText] = useRunKey("mix");
  const commitShare = (kind: ReadMixKind, share: string) =>
    setText(READ_MIX_KINDS.map((k) => `${k}:${k === kind ? share : percent(mix[k])}`).join(","));
  return (
    <fieldset className="mix" title={SCENARIO_KEYS.mix.help}>
      <legend>Read mix (%)</legend>
      {READ_MIX_KINDS.map((kind) => (
        <CheckedField
          key={kind}
          className="mix-share"
          label={KIND_LABELS[kind]}
          current={percent(mix[kind])}
          keptWords={`${percent(mix[kind])} %`}
          rule={shareRule(kind, mix)}
          onCommit={(share) => commitShare(kind, share)}
        />
      ))}
    </fieldset>
  );
}
