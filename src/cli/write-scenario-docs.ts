import { readFileSync, writeFileSync } from "node:fs";
import { SCENARIO_DOC, withGeneratedSections } from "./scenario-docs.ts";

// `npm run docs:scenarios`: rewrites the generated tables of docs/scenarios.md.

const before = readFileSync(SCENARIO_DOC, "utf8");
const after = withGeneratedSections(before);
writeFileSync(SCENARIO_DOC, after);
process.stdout.write(`${SCENARIO_DOC}: ${before === after ? "already up to date" : "rewritten"}\n`);
