// Registers jest-dom matchers (toBeInTheDocument, …) for component tests; harmless under node.
import "@testing-library/jest-dom/vitest";
