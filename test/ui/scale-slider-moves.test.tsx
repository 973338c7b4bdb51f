// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ScaleSlider } from "../../src/ui/controls/ScaleSlider.tsx";
import { positionOfValue, type SliderRange } from "../../src/ui/controls/slider-scale.ts";

afterEach(cleanup);

const RANGE: SliderRange = {
  min: 0,
  max: 60_000,
  integer: true,
  extra: [2600, 2700, 2800, 2900, 2950, 3050, 3100, 3200],
};

/** A slider whose value in force the test moves, as the page's snapshots do a moment later. */
function slider(value: number, commits: number[]) {
  const element = (
    <ScaleSlider
      label="Watch lag"
      unit="ms"
      help="lag"
      range={RANGE}
      value={value}
      onCommit={(next) => commits.push(next)}
    />
  );
  return element;
}

/** A key press on the thumb: the native input and change events, one position up. */
function pressRight(input: HTMLInputElement) {
  const next = String(Number(input.value) + 1);
  fireEvent.input(input, { target: { value: next } });
  fireEvent.change(input, { target: { value: next } });
}

describe("ScaleSlider's moves before they come into force", () => {
  it("keeps the newest move shown while older ones come into force", () => {
    const commits: number[] = [];
    const { rerender } = render(slider(2900, commits));
    const input = screen.getByLabelText("Watch lag") as HTMLInputElement;
    const output = () => screen.getByText(/ ms$/).textContent;
    pressRight(input);
    pressRight(input);
    expect(commits).toEqual([2950, 3000]);
    expect(output()).toBe("3,000 ms");
    // The first move comes into force: the thumb stays on the second, so a third press moves on.
    rerender(slider(2950, commits));
    expect(output()).toBe("3,000 ms");
    expect(input.value).toBe(String(positionOfValue(3000, RANGE)));
    pressRight(input);
    expect(commits).toEqual([2950, 3000, 3050]);
    rerender(slider(3000, commits));
    rerender(slider(3050, commits));
    expect(output()).toBe("3,050 ms");
  });

  it("follows a value no move asked for (a link, a reset)", () => {
    const commits: number[] = [];
    const { rerender } = render(slider(2900, commits));
    pressRight(screen.getByLabelText("Watch lag") as HTMLInputElement);
    rerender(slider(20, commits));
    expect(screen.getByText(/ ms$/).textContent).toBe("20 ms");
  });
});
