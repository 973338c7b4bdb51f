import { type Pod, podField } from "../storage/pod.ts";

// Equality-only label and field selectors (the vectors' `string:selector`, docs/conformance.md): terms `key=value` joined
// by ",". An empty selector selects everything.

export interface Requirement {
  readonly key: string;
  readonly value: string;
}

export interface Selectors {
  readonly labels: readonly Requirement[];
  readonly fields: readonly Requirement[];
}

export function parseSelector(text: string): Requirement[] {
  if (text === "") return [];
  return text.split(",").map((term) => {
    const eq = term.indexOf("=");
    if (eq <= 0) throw new Error(`selector: "${term}" is not an equality term`);
    const value = term.slice(term[eq + 1] === "=" ? eq + 2 : eq + 1);
    return { key: term.slice(0, eq), value };
  });
}

export const isEverything = (s: Selectors): boolean =>
  s.labels.length === 0 && s.fields.length === 0;

export function matches(pod: Pod, s: Selectors): boolean {
  for (const r of s.labels) if (pod.labels[r.key] !== r.value) return false;
  for (const r of s.fields) if (podField(pod, r.key) !== r.value) return false;
  return true;
}

// upstream: labels.Selector RequiresExactMatch (the first equality term on the key decides)
export function requiredValue(reqs: readonly Requirement[], key: string): string | undefined {
  return reqs.find((r) => r.key === key)?.value;
}
