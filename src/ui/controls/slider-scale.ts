// Rates and delays span four to six orders of magnitude (0 … 20 000 writes/s), so a slider moves
// along a logarithmic scale that still reaches 0: position 0 is the minimum, and each step after
// it is a constant factor. Values are rounded to two significant digits, as a person would pick.

export interface SliderRange {
  min: number;
  max: number;
  integer: boolean;
}

/** Positions a slider offers; enough for smooth dragging, few enough for arrow keys. */
export const SLIDER_STEPS = 200;

// Where a scale of only positive values begins when the range starts at 0.
const lowestPositive = (range: SliderRange) =>
  range.min > 0 ? range.min : range.integer ? 1 : Math.min(1, range.max / 1000);

const isLinear = (range: SliderRange) => range.max - range.min <= SLIDER_STEPS && range.integer;

function roundNicely(value: number, range: SliderRange): number {
  const rounded = Number(value.toPrecision(2));
  const stepped = range.integer ? Math.round(rounded) : rounded;
  return Math.min(Math.max(stepped, range.min), range.max);
}

export function valueAtPosition(position: number, range: SliderRange): number {
  if (isLinear(range)) return range.min + position;
  if (range.min === 0 && position === 0) return 0;
  const low = lowestPositive(range);
  const first = range.min === 0 ? 1 : 0;
  const fraction = (position - first) / (SLIDER_STEPS - first);
  return roundNicely(low * (range.max / low) ** fraction, range);
}

export function positionOfValue(value: number, range: SliderRange): number {
  if (isLinear(range)) return value - range.min;
  if (range.min === 0 && value <= 0) return 0;
  const low = lowestPositive(range);
  const first = range.min === 0 ? 1 : 0;
  const fraction = Math.log(Math.max(value, low) / low) / Math.log(range.max / low);
  return Math.round(first + fraction * (SLIDER_STEPS - first));
}

export const lastPosition = (range: SliderRange): number =>
  isLinear(range) ? range.max - range.min : SLIDER_STEPS;
