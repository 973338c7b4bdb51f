import { useLayoutEffect } from "react";
import { useRuntime } from "../../state/runtime-context.ts";
import { positionFromSpeed, speedFromPosition } from "../../state/speed.ts";
import { trackFocusOrigin } from "./focus-origin.ts";
import { type ShortcutAction, shortcutFor } from "./shortcuts.ts";

const DOUBLE = Math.log10(2);

/** Presses the control that announces this shortcut (`aria-keyshortcuts`), if the page has one. */
function pressControlFor(key: string) {
  const control = document.querySelector<HTMLElement>(`[aria-keyshortcuts="${key}"]`);
  control?.click();
  control?.focus();
}

/** Listens on the whole document; `openSheet` shows the shortcuts sheet. */
export function useKeyboardShortcuts(openSheet: () => void) {
  const { store } = useRuntime();
  // A layout effect, so the listener is in place by the time the page is painted: a passive
  // effect can run later, and a key pressed as soon as the Pause button shows was then lost.
  useLayoutEffect(() => {
    const run = (action: ShortcutAction) => {
      const state = store.getState();
      const speedBy = (steps: number) =>
        state.setSpeed(speedFromPosition(positionFromSpeed(state.speed) + steps * DOUBLE));
      if (action === "playPause") (state.playing ? state.pause : state.play)();
      else if (action === "step") state.step();
      else if (action === "slower") speedBy(-1);
      else if (action === "faster") speedBy(1);
      else if (action === "share") pressControlFor("s");
      else if (action === "export") pressControlFor("e");
      else openSheet();
    };
    const focus = trackFocusOrigin(document);
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        target: event.target,
        tabbed: focus.tabbed(),
      });
      if (action === null || event.defaultPrevented) return;
      event.preventDefault();
      run(action);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      focus.stop();
    };
  }, [store, openSheet]);
}
