import {
  allowedText,
  DEFAULT_SCENARIO,
  KEY_CODECS,
  SCENARIO_KEYS,
  type ScenarioKey,
} from "../sim/scenario/index.ts";

// The scenario keys in words, read from the key table (the parser's ranges, the codec's defaults),
// for `npm run sim -- --help` and docs/scenarios.md: a key added to the table appears in both, and
// a range changed there changes both.

export interface KeyReference {
  readonly key: ScenarioKey;
  readonly label: string;
  readonly unit: string;
  /** The default as a link writes it, or words when the link writes nothing. */
  readonly defaultText: string;
  /** `defaultText` is link text (not words). */
  readonly defaultIsText: boolean;
  /** What the key accepts, as the error messages say it. */
  readonly allowed: string;
  readonly help: string;
  /** True for schedule keys and faults: a live change is appended, the run goes on. */
  readonly live: boolean;
}

const NONE: Partial<Record<ScenarioKey, string>> = { gates: "the version's defaults" };

export function keyReference(): KeyReference[] {
  return (Object.keys(SCENARIO_KEYS) as ScenarioKey[]).map((key) => {
    const descriptor = SCENARIO_KEYS[key];
    const written = KEY_CODECS[key].write(DEFAULT_SCENARIO);
    return {
      key,
      label: descriptor.label,
      unit: descriptor.unit,
      defaultText: written === "" ? (NONE[key] ?? "none") : written,
      defaultIsText: written !== "",
      allowed: allowedText(descriptor.value),
      help: descriptor.help,
      live: !descriptor.restartsRun,
    };
  });
}

/** Wraps `text` to `width` columns, every line after the first indented by `indent`. */
export function wrap(text: string, width: number, indent: number): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  lines.push(line);
  return lines.join(`\n${" ".repeat(indent)}`);
}

const unitText = (unit: string) => (unit === "" ? "" : ` (${unit})`);

/** The keys for a terminal: name, what it sets, default and what it accepts. */
export function keysHelp(width: number): string {
  const indent = 4;
  return keyReference()
    .map((row) => {
      const about = `${row.label}${unitText(row.unit)}: ${row.help} Default ${row.defaultText}; ${row.allowed}.`;
      return `  ${row.key}\n${" ".repeat(indent)}${wrap(about, width, indent)}`;
    })
    .join("\n");
}

const cell = (text: string) => text.replaceAll("|", "\\|");
const code = (text: string) => `\`${text}\``;

/** The keys as the Markdown table of docs/scenarios.md. */
export function keysMarkdown(): string {
  const rows = keyReference().map((row) =>
    [
      code(row.key),
      `${row.label}: ${row.help}`,
      row.unit === "" ? "" : row.unit,
      row.defaultIsText ? code(row.defaultText) : row.defaultText,
      row.allowed,
      row.live ? "live" : "new run",
    ]
      .map(cell)
      .join(" | "),
  );
  return [
    "| key | what it sets | unit | default | valid values | a change |",
    "|---|---|---|---|---|---|",
    ...rows.map((row) => `| ${row} |`),
  ].join("\n");
}
