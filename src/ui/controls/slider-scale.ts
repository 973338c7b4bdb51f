// Rates and delays span four to six orders of magnitude (0 … 20 000 writes/s), so a slider steps
// through round numbers on a logarithmic scale — 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10, … —
// with 0 first when the range allows it. Small whole-number ranges step one by one.

export interface SliderRange {
  min: number;
  max: number;
  integer: boolean;
  /** Values offered besides the round ones: finer steps where a threshold lies (the wall). */
  extra?: readonly number[];
}

const MANTISSAS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8];
/** Below this many whole numbers a slider steps by one. */
const LINEAR_SPAN = 60;

const tidy = (value: number) => Number(value.toPrecision(6));

function buildSteps({ min, max, integer, extra = [] }: SliderRange): number[] {
  if (integer && max - min <= LINEAR_SPAN) {
    return Array.from({ length: max - min + 1 }, (_, index) => min + index);
  }
  const lowest = min > 0 ? min : integer ? 1 : 0.1;
  const steps = new Set<number>(min === 0 ? [0, lowest] : [lowest]);
  for (let decade = 10 ** Math.floor(Math.log10(lowest)); decade <= max; decade *= 10) {
    for (const mantissa of MANTISSAS) {
      const value = tidy(mantissa * decade);
      if (value > lowest && value < max && (!integer || Number.isInteger(value))) steps.add(value);
    }
  }
  steps.add(max);
  for (const value of extra) if (value > min && value < max) steps.add(value);
  return [...steps].sort((a, b) => a - b);
}

const cache = new WeakMap<SliderRange, number[]>();

/** The values the slider offers, ascending; the range object is the cache key. */
function sliderSteps(range: SliderRange): number[] {
  let steps = cache.get(range);
  if (steps === undefined) {
    steps = buildSteps(range);
    cache.set(range, steps);
  }
  return steps;
}

export const lastPosition = (range: SliderRange): number => sliderSteps(range).length - 1;

/** The positions of the decades (1, 10, 100, …) and of the extra values: the slider's marks. */
export function markPositions(range: SliderRange): number[] {
  const steps = sliderSteps(range);
  const marked = (value: number) =>
    value === range.min ||
    value === range.max ||
    (range.extra ?? []).includes(value) ||
    (value > 0 && Number.isInteger(Math.log10(value)));
  return steps.flatMap((value, position) => (marked(value) ? [position] : []));
}

export function valueAtPosition(position: number, range: SliderRange): number {
  const steps = sliderSteps(range);
  return steps[Math.min(Math.max(Math.round(position), 0), steps.length - 1)] ?? range.min;
}

/** The position of the offered value nearest to `value` (a link may hold any value). */
export function positionOfValue(value: number, range: SliderRange): number {
  const steps = sliderSteps(range);
  let best = 0;
  for (let index = 1; index < steps.length; index += 1) {
    const step = steps[index] ?? 0;
    const bestStep = steps[best] ?? 0;
    if (Math.abs(step - value) < Math.abs(bestStep - value)) best = index;
  }
  return best;
}
