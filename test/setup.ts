// Registers jest-dom matchers (toBeInTheDocument, …) for component tests; harmless under node.
import "@testing-library/jest-dom/vitest";

// jsdom has no canvas: getContext() returns null after logging "Not implemented" for every call.
// Panels already draw nothing without a context; return null quietly so test logs stay readable.
if (typeof HTMLCanvasElement !== "undefined") {
  HTMLCanvasElement.prototype.getContext = () => null;
}

// findBy…/waitFor give up after 1 s by default; a component test that plays a run in process
// can need longer on two busy cores. What a test waits for is a state, so a generous bound costs
// nothing when the state comes and only delays the report when it never does.
if (typeof document !== "undefined") {
  const { configure } = await import("@testing-library/dom");
  configure({ asyncUtilTimeout: 10_000 });
}
