// Registers jest-dom matchers (toBeInTheDocument, …) for component tests; harmless under node.
import "@testing-library/jest-dom/vitest";

// jsdom has no canvas: getContext() returns null after logging "Not implemented" for every call.
// Panels already draw nothing without a context; return null quietly so test logs stay readable.
if (typeof HTMLCanvasElement !== "undefined") {
  HTMLCanvasElement.prototype.getContext = () => null;
}
