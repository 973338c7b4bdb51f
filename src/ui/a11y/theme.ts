// Light or dark: the reader's system setting, unless they chose otherwise on this page. The choice
// is kept in localStorage, never in the scenario: it is about the reader, not the run.

export type Theme = "light" | "dark";

const STORAGE_KEY = "wcl-theme";
const DARK_QUERY = "(prefers-color-scheme: dark)";

export interface ThemeEnvironment {
  storage: Pick<Storage, "getItem" | "setItem">;
  prefersDark: () => boolean;
  /** Calls `listener` when the system setting changes; returns a function that stops. */
  watchSystem: (listener: () => void) => () => void;
}

export function memoryStorage(): Pick<Storage, "getItem" | "setItem"> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => items.set(key, value),
  };
}

export function browserThemeEnvironment(): ThemeEnvironment {
  let storage: Pick<Storage, "getItem" | "setItem"> = memoryStorage();
  try {
    storage = window.localStorage;
  } catch {
    // A sandboxed iframe may refuse storage: the choice then lasts for this page only.
  }
  const media = typeof window.matchMedia === "function" ? window.matchMedia(DARK_QUERY) : null;
  return {
    storage,
    prefersDark: () => media?.matches ?? false,
    watchSystem(listener) {
      media?.addEventListener("change", listener);
      return () => media?.removeEventListener("change", listener);
    },
  };
}

export function currentTheme(env: ThemeEnvironment): Theme {
  const chosen = env.storage.getItem(STORAGE_KEY);
  if (chosen === "light" || chosen === "dark") return chosen;
  return env.prefersDark() ? "dark" : "light";
}

export function chooseTheme(env: ThemeEnvironment, theme: Theme): void {
  try {
    env.storage.setItem(STORAGE_KEY, theme);
  } catch {
    // Storage full or refused: the page keeps following the system.
  }
}

/** Shows the theme on the page: CSS keys its colours on `data-theme`, form controls on `color-scheme`. */
export function applyTheme(root: HTMLElement, theme: Theme): void {
  root.dataset["theme"] = theme;
  root.style.colorScheme = theme;
}
