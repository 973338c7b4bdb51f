import { FLAGS } from "./args.ts";
import { keysMarkdown } from "./scenario-reference.ts";

// The generated parts of docs/scenarios.md: the key table and the flag table, between marker
// comments, so the prose around them is written by hand and the facts come from the tables the
// code reads. `npm run docs:scenarios` rewrites them; a test fails when the file is behind.

export const SCENARIO_DOC = "docs/scenarios.md";

const cell = (text: string) => text.replaceAll("|", "\\|");

function flagsMarkdown(): string {
  const rows = FLAGS.map((flag) => {
    const name = `\`--${flag.name}${flag.value === undefined ? "" : ` ${flag.value}`}\``;
    return `| ${cell(name)} | ${cell(flag.help)} |`;
  });
  return ["| flag | what it does |", "|---|---|", ...rows].join("\n");
}

const SECTIONS: Readonly<Record<string, () => string>> = {
  keys: keysMarkdown,
  flags: flagsMarkdown,
};

/** `doc` with every generated section rewritten; throws when a marker pair is missing. */
export function withGeneratedSections(doc: string): string {
  let out = doc;
  for (const [name, make] of Object.entries(SECTIONS)) {
    const start = `<!-- generated:${name} (npm run docs:scenarios) -->`;
    const end = `<!-- /generated:${name} -->`;
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    if (from < 0 || to < from) throw new Error(`${SCENARIO_DOC}: markers for "${name}" missing`);
    out = `${out.slice(0, from + start.length)}\n${make()}\n${out.slice(to)}`;
  }
  return out;
}
