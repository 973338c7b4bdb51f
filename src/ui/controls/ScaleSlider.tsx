import { useEffect, useId, useRef, useState } from "react";
import { numberText } from "../../content/number-text.ts";
import {
  lastPosition,
  markPositions,
  positionOfValue,
  type SliderRange,
  valueAtPosition,
} from "./slider-scale.ts";
import { useCommitOnChange } from "./use-commit-on-change.ts";

interface ScaleSliderProps {
  label: string;
  unit: string;
  help: string;
  range: SliderRange;
  value: number;
  /** Called once per move: when the thumb is released or a key has moved it. */
  onCommit: (value: number) => void;
}

/**
 * A slider on a log scale with its value and unit shown. Dragging only previews the value; the
 * native `change` event (release, or each key press) commits it, so one drag is one change.
 */
export function ScaleSlider({ label, unit, help, range, value, onCommit }: ScaleSliderProps) {
  const id = useId();
  const marksId = useId();
  const [draft, setDraft] = useState<number | null>(null);
  const shown = draft ?? value;

  // A committed move shows until the value in force reaches it: a live move is recorded on the
  // next millisecond, which the page's 4 Hz copy of the clock reaches a moment later. Moves made
  // in between come into force one by one; ending the draft at the first of them made the thumb
  // jump back, and the next key press then repeated a move instead of making the next one.
  /** Values committed and not yet in force, oldest first. */
  const pending = useRef<number[]>([]);
  useEffect(() => {
    const reached = pending.current.indexOf(value);
    // A value no move of ours asked for (a link, a reset, a schedule's next point) ends them all.
    pending.current = reached === -1 ? [] : pending.current.slice(reached + 1);
    if (pending.current.length === 0) setDraft(null);
  }, [value]);
  const listenForCommit = useCommitOnChange<HTMLInputElement>((input) => {
    const committed = valueAtPosition(Number(input.value), range);
    setDraft(committed);
    pending.current.push(committed);
    onCommit(committed);
  });

  return (
    <div className="slider">
      <label htmlFor={id}>{label}</label>
      <input
        title={help}
        id={id}
        ref={listenForCommit}
        type="range"
        min={0}
        max={lastPosition(range)}
        step={1}
        value={positionOfValue(shown, range)}
        list={marksId}
        aria-valuetext={`${numberText(shown)} ${unit}`.trim()}
        onChange={(event) => setDraft(valueAtPosition(Number(event.target.value), range))}
      />
      {/* Tick marks at the decades and at finer steps (the wall), so the scale can be read. */}
      <datalist id={marksId}>
        {markPositions(range).map((position) => (
          <option
            key={position}
            value={position}
            label={numberText(valueAtPosition(position, range))}
          />
        ))}
      </datalist>
      <output htmlFor={id}>
        {numberText(shown)}
        {unit === "" ? "" : ` ${unit}`}
      </output>
    </div>
  );
}
