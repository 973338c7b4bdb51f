import { echo, echoReason } from "./echo.ts";
import { resolveGates } from "./gates.ts";
import {
  allowedText,
  isScenarioKey,
  PAGE_KEYS,
  SCENARIO_KEYS,
  SCHEMA_VERSION,
  type ScenarioKey,
} from "./keys.ts";
import { readLinkEntries } from "./link-damage.ts";
import { parseNumber, unitSuffixProblem } from "./numeric-text.ts";
import { DEFAULT_SCENARIO, type Scenario } from "./scenario.ts";
import { KEY_CODECS, type ScenarioDraft } from "./scenario-codec.ts";

/** Something in a link that was not used as written; the run goes on without it. */
export type ScenarioIssue = {
  readonly key: string;
  readonly value: string;
  /** What is wrong and what the page does about it ("… ignored"). */
  readonly message: string;
  /**
   * What is wrong alone, when `message` also says what the page does: for a caller that refuses
   * the scenario instead (the command line exits 2; "ignored" would not be true there).
   */
  readonly problem?: string;
};

/** What is wrong, without what the page does about it. */
export const issueProblem = (issue: ScenarioIssue): string => issue.problem ?? issue.message;

export type ParsedScenario = {
  readonly scenario: Scenario;
  readonly issues: readonly ScenarioIssue[];
  /** Page keys (docs/scenarios.md, "Page keys"), as written, for the page to interpret. */
  readonly page: Readonly<Record<string, string>>;
  /** What the page should say about how it read a valid link (an older version, say). */
  readonly notices: readonly string[];
};

/** What an explicit `v=1` means, in words (the banner shows it). */
export const VERSION_1_NOTICE =
  "This link is from scenario version 1: it runs as version 1 did, every client LIST one page " +
  "(limits=consistent:500, continue not followed) and timerLatency=0, and LISTs cost what they " +
  "cost before KEP-2340's fit (etcdObjectCost=0, etcdByteCost=10, cacheCost=0).";

export const VERSION_2_NOTICE =
  "This link is from scenario version 2: LISTs cost what they cost then, before the fit to " +
  "KEP-2340's benchmark (etcdObjectCost=0, etcdByteCost=10, cacheCost=0).";

/**
 * Reads `a=1&b=2` (with or without a leading `#` or `?`). Never throws: an unknown key or an
 * invalid value becomes an issue, and that key keeps its default.
 */
export function parseScenario(query: string): ParsedScenario {
  const { given, page, strays } = sortEntries(query);
  const issues: ScenarioIssue[] = [];
  const draft: ScenarioDraft = { ...DEFAULT_SCENARIO };
  // Table order: `v` first, and `k8s` before `gates`, whose valid names depend on it.
  for (const key of Object.keys(SCENARIO_KEYS) as ScenarioKey[]) {
    const value = given.get(key);
    if (value === undefined) continue;
    if (key === "v" && isNewerVersion(value)) {
      const problem = newerVersionProblem(value);
      const message = `${problem}; what could be read is used, some values may be misread or ignored`;
      issues.push({ key, value, message, problem });
      continue;
    }
    const decoded = KEY_CODECS[key].read(value, draft);
    if (!decoded.ok) issues.push(...invalid(key, value, decoded.reasons));
  }
  draft.gatesInForce = resolveGates(draft.k8s, draft.gates);
  const notices = draft.v === 1 ? [VERSION_1_NOTICE] : draft.v === 2 ? [VERSION_2_NOTICE] : [];
  return { scenario: draft, issues: [...issues, ...strays], page, notices };
}

/** Run keys and page keys (the first value of each), and issues for what is neither or repeated. */
function sortEntries(query: string) {
  const given = new Map<ScenarioKey, string>();
  const page: Record<string, string> = {};
  const { entries, damage } = readLinkEntries(query.replace(/^[#?]/, ""));
  const strays: ScenarioIssue[] = damage.map(({ key, value, problem }) => {
    const kept = isScenarioKey(key) ? defaultWords(key) : "the rest of the link is read";
    return { key, value, message: `${problem}; ${kept}`, problem };
  });
  for (const [key, value] of entries) {
    const first = PAGE_KEYS.includes(key) ? page[key] : isScenarioKey(key) ? given.get(key) : null;
    if (first === null) {
      const problem = `unknown key "${echo(key)}"`;
      strays.push({ key, value, message: `${problem} ignored`, problem });
    } else if (first !== undefined) {
      const problem = `${key} is given more than once`;
      const message = `${problem}; the first value ("${echo(first)}") is used, "${echo(value)}" is ignored`;
      strays.push({ key, value, message, problem });
    } else if (PAGE_KEYS.includes(key)) {
      page[key] = value;
    } else if (isScenarioKey(key)) {
      given.set(key, value);
    }
  }
  return { given, page, strays };
}

function isNewerVersion(text: string): boolean {
  const version = parseNumber(text);
  return version !== undefined && Number.isInteger(version) && version > SCHEMA_VERSION;
}

const newerVersionProblem = (version: string): string =>
  `v: this link comes from scenario schema version ${version}, newer than this app knows ` +
  `(${SCHEMA_VERSION})`;

/** What a refused key runs with instead, in the words of the link. */
function defaultWords(key: ScenarioKey): string {
  const text = KEY_CODECS[key].write(DEFAULT_SCENARIO);
  return text === "" ? `${key} keeps its default (none)` : `${key} keeps its default, ${text}`;
}

function invalid(key: ScenarioKey, value: string, reasons: readonly string[]): ScenarioIssue[] {
  const { unit } = SCENARIO_KEYS[key];
  const expected = `expected ${allowedText(SCENARIO_KEYS[key].value, unit)}`;
  const hint = unitSuffixProblem(value, unit);
  const given = hint === undefined ? reasons : [[hint, ...reasons].join("; ")];
  const because = given.length === 0 ? [""] : given.map((reason) => `${echoReason(reason)}; `);
  return because.map((reason) => {
    const problem = `${key}: "${echo(value)}" is not valid: ${reason}${expected}`;
    return { key, value, message: `${problem}; ${defaultWords(key)}`, problem };
  });
}
