import { encodeScenario } from "../model/index.ts";
import type { AppStore } from "./app-store.ts";
import { joinQuery } from "./url.ts";

// The address follows the scenario, and only the scenario: a debounced replaceState, so dragging a
// slider neither floods the history nor adds a Back step per move. `t` is left out: it was the
// moment the link opened at, which the run has since left behind (Share writes the current one).

const URL_WRITE_DELAY_MS = 250;

export function addressQuery(scenarioQuery: string, pageKeys: Readonly<Record<string, string>>) {
  const { t: _openedAt, ...kept } = pageKeys;
  return joinQuery(scenarioQuery, kept);
}

export function startUrlSync(store: AppStore, writeQuery: (query: string) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.scenario === previous.scenario && state.pageKeys === previous.pageKeys) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const { scenario, pageKeys } = store.getState();
      writeQuery(addressQuery(encodeScenario(scenario), pageKeys));
    }, URL_WRITE_DELAY_MS);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
