// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createMetricsWindow } from "../../src/state/metrics-window.ts";
import { WindowPicker } from "../../src/ui/panels/metrics/WindowPicker.tsx";
import { fakeRuntime, renderWith } from "./tour-runtime.tsx";

afterEach(cleanup);

describe("WindowPicker", () => {
  it("shows the interval another picker of the same store set", () => {
    const store = createMetricsWindow(() => new Promise(() => {}));
    renderWith(
      fakeRuntime(),
      <>
        <WindowPicker store={store} />
        <WindowPicker store={store} />
      </>,
    );
    const [first, second] = screen.getAllByLabelText("scrape every");
    if (first === undefined || second === undefined) throw new Error("two pickers expected");
    fireEvent.change(first, { target: { value: "30" } });
    expect(store.getState().stepS).toBe(30);
    expect((second as HTMLInputElement).value).toBe("30");
    // A value this picker refuses stays its own and moves nothing.
    fireEvent.change(second, { target: { value: "0" } });
    expect(store.getState().stepS).toBe(30);
    expect((first as HTMLInputElement).value).toBe("30");
    expect((second as HTMLInputElement).value).toBe("0");
  });

  it("offers the Prometheus the figures follow, from the link, and writes the choice there", () => {
    const fake = fakeRuntime("#lag=800&prom=2");
    renderWith(fake, <WindowPicker store={createMetricsWindow(() => new Promise(() => {}))} />);
    const choice = screen.getByLabelText("PromQL as") as HTMLSelectElement;
    expect(choice.value).toBe("2");
    fireEvent.change(choice, { target: { value: "3" } });
    expect(fake.runtime.store.getState().pageKeys["prom"]).toBe("3");
    expect(choice.value).toBe("3");
  });
});
