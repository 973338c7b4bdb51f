import { useCallback, useLayoutEffect, useSyncExternalStore } from "react";
import {
  applyTheme,
  browserThemeEnvironment,
  chooseTheme,
  currentTheme,
  type Theme,
  type ThemeEnvironment,
} from "./theme.ts";

// One theme per page, shared by the toggle and whatever else reads it.
let environment: ThemeEnvironment | null = null;
const listeners = new Set<() => void>();
const env = () => {
  environment ??= browserThemeEnvironment();
  return environment;
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  const stopWatching = env().watchSystem(listener);
  return () => {
    listeners.delete(listener);
    stopWatching();
  };
}

const snapshot = () => currentTheme(env());

/** The page's theme, shown on `<html>`, and a function that switches to the other one. */
export function useTheme(): [Theme, () => void] {
  const theme = useSyncExternalStore(subscribe, snapshot);
  // Before the first paint, so a dark page never flashes light.
  useLayoutEffect(() => applyTheme(document.documentElement, theme), [theme]);
  const toggle = useCallback(() => {
    chooseTheme(env(), theme === "dark" ? "light" : "dark");
    for (const listener of listeners) listener();
  }, [theme]);
  return [theme, toggle];
}
