import { useCallback } from "react";

/**
 * A ref that calls `commit` on the element's native `change` event: when a slider is released,
 * a key has moved it, or a typed value is confirmed (Enter, leaving the field). React's onChange
 * fires on every keystroke instead, and each commit here may restart the run.
 */
export function useCommitOnChange<E extends HTMLInputElement | HTMLSelectElement>(
  commit: (element: E) => void,
) {
  return useCallback(
    (element: E | null) => {
      if (element === null) return;
      const listener = () => commit(element);
      element.addEventListener("change", listener);
      return () => element.removeEventListener("change", listener);
    },
    [commit],
  );
}
