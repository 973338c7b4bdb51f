import { createContext, useContext } from "react";
import type { AppRuntime } from "./runtime.ts";

// One runtime per page, reached through context so that tests can render the page with their own.
export const RuntimeContext = createContext<AppRuntime | null>(null);

export function useRuntime(): AppRuntime {
  const runtime = useContext(RuntimeContext);
  if (runtime === null) throw new Error("useRuntime needs a RuntimeContext provider");
  return runtime;
}
