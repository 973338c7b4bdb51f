import type { CliArgs } from "./args.ts";
import { overlay, readRuns } from "./scenario-input.ts";
import { type Dimension, valueText } from "./sweep-dimension.ts";

// From a plan's dimensions to the scenario text of each run: the base scenario (preset and
// --scenario, as a run alone reads them) with the swept keys and the seed put over it. Each text
// is checked as `npm run sim` would check it, so a point the scenario refuses is refused with the
// scenario's words, naming the point.

/** One value per dimension, in the order of the --sweep flags. */
export type PointValues = readonly (number | boolean)[];

/** The base scenario text, its seed, and what refuses it (a twin, any scenario problem). */
export function sweepBase(args: CliArgs): {
  text: string;
  seed: number;
  problems: string[];
  notes: string[];
} {
  const { runs, problems, notes, text } = readRuns(args);
  if (runs.length > 1) {
    problems.push(
      "scenario: twin= is not accepted with --sweep: a sweep runs one scenario per point (sweep a gate with --sweep gates=<Gate> to compare off and on)",
    );
  }
  // A whole link's moment was dropped with a note: the points are read without it.
  const params = new URLSearchParams(text);
  params.delete("t");
  return { text: params.toString(), seed: runs[0]?.scenario.seed ?? 1, problems, notes };
}

/** The key=value text that sets one dimension to `value` over `base`. */
function assignment(base: string, dimension: Dimension, value: number | boolean): string {
  if (dimension.kind === "number") {
    return `${dimension.key}=${dimension.template.replace("{}", valueText(value as number))}`;
  }
  // The gate is set explicitly, off then on, beside whatever other gates the base sets.
  const others = (new URLSearchParams(base).get("gates") ?? "")
    .split(",")
    .filter((setting) => setting !== "" && !setting.startsWith(`${dimension.gate}=`));
  return `gates=${[...others, `${dimension.gate}=${value}`].join(",")}`;
}

/** The scenario text of a point on one seed. */
export function pointText(
  base: string,
  dimensions: readonly Dimension[],
  values: PointValues,
  seed: number,
): string {
  const over = dimensions.map((dimension, i) =>
    assignment(base, dimension, values[i] as number | boolean),
  );
  // A swept seed is the point's seed (--seeds is refused with it).
  const sweepsSeed = dimensions.some((d) => d.kind === "number" && d.key === "seed");
  return overlay(base, [...over, ...(sweepsSeed ? [] : [`seed=${seed}`])].join("&"));
}

/** Every point of a grid, the first --sweep outermost. */
export function gridPoints(dimensions: readonly Dimension[]): PointValues[] {
  return dimensions.reduce<PointValues[]>(
    (points, dimension) =>
      points.flatMap((point) => dimension.values.map((value) => [...point, value])),
    [[]],
  );
}

/** What refuses a point's text, each problem naming the point (empty when it runs). */
export function pointProblems(args: CliArgs, text: string, label: string): string[] {
  const { problems } = readRuns({ ...args, preset: null, scenario: text });
  return problems.map((problem) => `at ${label}: ${problem}`);
}

/** `lag=2050, ConsistentListFromCacheSkipTimeoutFallback=on`: a point in words. */
export function pointLabel(dimensions: readonly Dimension[], values: PointValues): string {
  return dimensions
    .map((dimension, i) => {
      const value = values[i];
      return dimension.kind === "gate"
        ? `${dimension.gate}=${value === true ? "on" : "off"}`
        : `${dimension.key}=${dimension.template.replace("{}", valueText(value as number))}`;
    })
    .join(", ");
}
