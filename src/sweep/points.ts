import { type Dimension, valueText } from "./dimension.ts";

// From a plan's dimensions to the scenario text of each run: the base scenario with the swept keys
// and the seed put over it. The command line (over its preset and --scenario) and the page (over
// the scenario it shows) build every point's text here, so the same link gives the same runs.

/** One value per dimension, in the order of the --sweep flags. */
export type PointValues = readonly (number | boolean)[];

/** `base` with the keys of `over` in place of its own (page keys included). */
export function overlay(base: string, over: string): string {
  const merged = new URLSearchParams(base);
  const given = new URLSearchParams(over.replace(/^[#?]/, ""));
  for (const key of new Set(given.keys())) merged.delete(key);
  for (const [key, value] of given) merged.append(key, value);
  return merged.toString();
}

/** The key=value text that sets one dimension to `value` over `base`. */
function assignment(base: string, dimension: Dimension, value: number | boolean): string {
  if (dimension.kind === "number") {
    return `${dimension.key}=${dimension.template.replace("{}", valueText(value))}`;
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

/** `lag=2050, ConsistentListFromCacheSkipTimeoutFallback=on`: a point in words. */
export function pointLabel(dimensions: readonly Dimension[], values: PointValues): string {
  return dimensions
    .map((dimension, i) => {
      const text = valueText(values[i] as number | boolean);
      return dimension.kind === "gate"
        ? `${dimension.gate}=${text}`
        : `${dimension.key}=${dimension.template.replace("{}", text)}`;
    })
    .join(", ");
}
