import {
  DEFAULT_STEP_S,
  defaultEndS,
  lastScrapeS,
  startForEnd,
} from "../metrics-export/run-export.ts";
import { MAX_DURATION_S, readDuration } from "../sweep/duration.ts";
import { SWEEP_FLAG_HELP } from "../sweep/flags.ts";
import type { SweepTexts } from "../sweep/texts.ts";

// The command line's flags: one table that the parser reads and `--help` prints. Every problem is
// collected, so one run reports all of them at once.

export type Format = "prom" | "json" | "openmetrics";

export const FORMATS: readonly Format[] = ["prom", "json", "openmetrics"];

export interface CliArgs {
  /** `--help`: print the help and exit 0. */
  readonly help: boolean;
  /** `--list-presets`: print the presets, one a line, and exit 0. */
  readonly listPresets: boolean;
  readonly scenario: string;
  /** `--preset`: the preset whose scenario `--scenario` is applied on top of. */
  readonly preset: string | null;
  readonly durationS: number;
  readonly format: Format;
  /** openmetrics: simulated seconds between samples. */
  readonly stepS: number;
  /** openmetrics: Unix time, s, of simulated second 0. */
  readonly startS: number;
  /** The sweep flags as given (read by sweep/spec.ts); empty without a sweep. */
  readonly sweep: SweepTexts;
}

export type { SweepTexts };

const SWEEP_FLAGS = ["points", "seeds", "output", "figures", "jobs", "find", "precision"] as const;

interface Flag {
  readonly name: string;
  /** The value's placeholder in the help; absent for a flag without a value. */
  readonly value?: string;
  readonly help: string;
  /** May be given more than once (each value kept, in order). */
  readonly repeats?: boolean;
}

export { MAX_DURATION_S };
export const MAX_STEP_S = 3600;

export const FLAGS: readonly Flag[] = [
  {
    name: "scenario",
    value: "<query>",
    help: "the scenario, as in the page's link: 'writes=200&lag=800', or the whole link pasted from the page (its t is dropped with a note; keys below; default: all defaults)",
  },
  {
    name: "preset",
    value: "<name>",
    help: "start from a preset of the page's gallery (--list-presets); --scenario keys replace the preset's",
  },
  {
    name: "duration",
    value: "<seconds>",
    help: `simulated seconds to run, 1 … ${MAX_DURATION_S} (required)`,
  },
  {
    name: "format",
    value: FORMATS.join("|"),
    help: "prom (default): the metrics at the end, Prometheus text format 0.0.4; json: the parsed scenario, a trace hash and the metrics; openmetrics: the whole run as a time series for `promtool tsdb create-blocks-from openmetrics`",
  },
  {
    name: "step",
    value: "<seconds>",
    help: `openmetrics only: simulated seconds between two samples of every series, an integer 1 … ${MAX_STEP_S} (default ${DEFAULT_STEP_S}); the last sample is at the last multiple of it`,
  },
  {
    name: "start",
    value: "<RFC 3339>",
    help: "openmetrics only: the time of simulated second 0, e.g. 2026-12-01T09:00:00Z (default: --end minus the last sample's simulated second)",
  },
  {
    name: "end",
    value: "<RFC 3339>",
    help: "openmetrics only: the time of the last sample (simulated second --duration, or the last multiple of --step before it), e.g. 2026-12-01T09:10:00Z (default: now, rounded down to the minute, so the run is on a dashboard at once and nothing lies in the future); with --start too, the two must be that far apart",
  },
  ...SWEEP_FLAG_HELP,
  { name: "list-presets", help: "print the presets, one a line: name, then title; exit 0" },
  { name: "help", help: "print this help; exit 0 (also -h)" },
];

/** The flags, and every problem with them (the scenario text is returned even then). */
export function parseArgs(
  argv: readonly string[],
  wallNowMs: number,
): { args: CliArgs; problems: string[] } {
  const problems: string[] = [];
  const given = new Map<string, string>();
  const sweeps: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg === "-h" ? "--help" : arg);
    const flag = FLAGS.find((f) => f.name === match?.[1]);
    if (match === null || flag === undefined) {
      problems.push(`unknown argument "${arg}" (see --help)`);
      continue;
    }
    let value = match[2];
    if (flag.value === undefined) {
      if (value !== undefined) problems.push(`--${flag.name} takes no value`);
      value = "";
    } else if (value === undefined) {
      value = argv[i + 1];
      if (value === undefined) {
        problems.push(`--${flag.name} needs a value: ${flag.value}`);
        continue;
      }
      i++;
    }
    if (flag.repeats === true) sweeps.push(value);
    else if (given.has(flag.name)) problems.push(`--${flag.name} is given more than once`);
    given.set(flag.name, value);
  }
  const help = given.has("help");
  const listPresets = given.has("list-presets");
  const format = readFormat(given.get("format"), problems);
  const openMetrics = format === "openmetrics";
  const durationS = help || listPresets ? 0 : readDuration(given.get("duration"), problems);
  const stepS = openMetricsOnly("step", given, openMetrics, problems, readStep) ?? DEFAULT_STEP_S;
  const startS = openMetricsOnly("start", given, openMetrics, problems, readTime("start"));
  const endS = openMetricsOnly("end", given, openMetrics, problems, readTime("end"));
  const args: CliArgs = {
    help,
    listPresets,
    scenario: given.get("scenario") ?? "",
    preset: given.get("preset") ?? null,
    // Asked only to print the help or the presets, nothing is run: no duration needed.
    durationS,
    format,
    stepS,
    startS: timeOfSecondZero(startS, endS, durationS, stepS, wallNowMs, problems),
    sweep: sweepTexts(given, sweeps),
  };
  return { args, problems };
}

function sweepTexts(given: ReadonlyMap<string, string>, sweeps: readonly string[]): SweepTexts {
  const texts: Record<string, string> = {};
  for (const name of SWEEP_FLAGS) {
    const text = given.get(name);
    if (text !== undefined) texts[name] = text;
  }
  return { sweeps, formatGiven: given.has("format"), ...texts };
}

function readFormat(text: string | undefined, problems: string[]): Format {
  if (text === undefined) return "prom";
  if ((FORMATS as readonly string[]).includes(text)) return text as Format;
  problems.push(`--format "${text}" is not one of ${FORMATS.join(", ")}`);
  return "prom";
}

/** A flag that only the openmetrics format reads: given with another format, it is refused. */
function openMetricsOnly(
  name: string,
  given: ReadonlyMap<string, string>,
  openMetrics: boolean,
  problems: string[],
  read: (text: string, problems: string[]) => number | undefined,
): number | undefined {
  const text = given.get(name);
  if (text === undefined) return undefined;
  if (!openMetrics) {
    problems.push(`--${name} applies only to --format openmetrics`);
    return undefined;
  }
  return read(text, problems);
}

function readStep(text: string, problems: string[]): number | undefined {
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (value >= 1 && value <= MAX_STEP_S) return value;
  problems.push(`--step "${text}" is not a whole number of seconds in 1 … ${MAX_STEP_S}`);
  return undefined;
}

// RFC 3339: a full date, `T` (or a space), a time with optional fraction, and `Z` or an offset.
const RFC_3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * Unix time of simulated second 0: `--start`, or `--end` less the last sample's second (now,
 * rounded down to the minute, without either). Both given must be exactly that far apart.
 */
function timeOfSecondZero(
  startS: number | undefined,
  endS: number | undefined,
  durationS: number,
  stepS: number,
  wallNowMs: number,
  problems: string[],
): number {
  const lastS = lastScrapeS(durationS, stepS);
  if (startS !== undefined && endS !== undefined && endS - startS !== lastS) {
    problems.push(
      `--start and --end are ${endS - startS} s apart, but the last sample of --duration ${durationS} ` +
        `with --step ${stepS} is at ${lastS} s: give --end ${lastS} s after --start, or only one of them`,
    );
  }
  return startS ?? startForEnd(endS ?? defaultEndS(wallNowMs), durationS, stepS);
}

const readTime =
  (name: string) =>
  (text: string, problems: string[]): number | undefined =>
    readRfc3339(name, text, problems);

function readRfc3339(name: string, text: string, problems: string[]): number | undefined {
  const match = RFC_3339.exec(text);
  const ms = match === null ? Number.NaN : Date.parse(text.replace(" ", "T").toUpperCase());
  // Date.parse rolls 2026-02-30 over to March: a time that does not read back is refused.
  const exact =
    match !== null &&
    Number.isFinite(ms) &&
    new Date(ms + offsetMs(match[8] as string)).toISOString().slice(0, 19) ===
      `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}`;
  if (exact && ms >= 0) return ms / 1000;
  problems.push(
    `--${name} "${text}" is not an RFC 3339 time after 1970, such as 2026-12-01T09:00:00Z`,
  );
  return undefined;
}

/** `+02:00` as milliseconds east of UTC; `Z` is 0. */
function offsetMs(zone: string): number {
  if (zone.toUpperCase() === "Z") return 0;
  const sign = zone.startsWith("-") ? -1 : 1;
  return sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60_000;
}
