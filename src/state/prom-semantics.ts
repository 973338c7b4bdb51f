import type { ScenarioIssue } from "../model/index.ts";
import { echo } from "../model/index.ts";

// Which Prometheus the windowed figures follow: the page key `prom`. Prometheus 3 (what most
// clusters run now, and the default) leaves a sample exactly at a window's start out of the range;
// Prometheus 2 keeps it, and extrapolates a counter's start in another order
// (docs/fidelity.md, "PromQL over the scrapes").

export type PromSemantics = "3" | "2";

export const PROM_KEY = "prom";
export const DEFAULT_PROM: PromSemantics = "3";
export const PROM_CHOICES: readonly { value: PromSemantics; label: string }[] = [
  { value: "3", label: "Prometheus 3" },
  { value: "2", label: "Prometheus 2" },
];

/** "Prometheus 3": the name the page, the report and the exports give the semantics. */
export const promName = (semantics: PromSemantics): string => `Prometheus ${semantics}`;

const isSemantics = (text: string): text is PromSemantics =>
  PROM_CHOICES.some((choice) => choice.value === text);

/** The semantics a link's page keys ask for; a value not known is the default. */
export const promSemanticsOf = (pageKeys: Readonly<Record<string, string>>): PromSemantics => {
  const text = pageKeys[PROM_KEY];
  return text !== undefined && isSemantics(text) ? text : DEFAULT_PROM;
};

/** The problem with a link's `prom` value, or null when it is absent or known. */
export function promKeyIssue(pageKeys: Readonly<Record<string, string>>): ScenarioIssue | null {
  const text = pageKeys[PROM_KEY];
  if (text === undefined || isSemantics(text)) return null;
  const allowed = PROM_CHOICES.map((choice) => `${choice.value} (${choice.label})`).join(", ");
  return {
    key: PROM_KEY,
    value: text,
    message: `${PROM_KEY}: "${echo(text)}" is not valid: expected one of ${allowed}; the windowed figures follow ${promName(DEFAULT_PROM)}`,
  };
}
