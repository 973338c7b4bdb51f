// Whether the focused control was reached with Tab. Space presses a control a keyboard user tabbed
// to, as every page does; on a control that merely kept focus after a click (or after a shortcut
// pressed it), Space means play/pause: re-pressing "Send a herd" there put a second herd in the
// link. Tracked from the events themselves, as `:focus-visible` is not available in jsdom and
// counts a programmatic focus after any key press as keyboard focus.

export interface FocusOrigin {
  /** True when the element focused now got focus from a Tab press. */
  readonly tabbed: () => boolean;
  stop(): void;
}

export function trackFocusOrigin(document: Document): FocusOrigin {
  let tabPressed = false;
  let tabbed = false;
  const onKeyDown = (event: KeyboardEvent) => {
    tabPressed = event.key === "Tab";
  };
  const onPointerDown = () => {
    tabPressed = false;
    tabbed = false;
  };
  const onFocusIn = () => {
    tabbed = tabPressed;
    tabPressed = false;
  };
  document.addEventListener("keydown", onKeyDown, true);
  document.addEventListener("pointerdown", onPointerDown, true);
  document.addEventListener("mousedown", onPointerDown, true);
  document.addEventListener("focusin", onFocusIn, true);
  return {
    tabbed: () => tabbed,
    stop() {
      document.removeEventListener("keydown", onKeyDown, true);
      document.removeEventListener("pointerdown", onPointerDown, true);
      document.removeEventListener("mousedown", onPointerDown, true);
      document.removeEventListener("focusin", onFocusIn, true);
    },
  };
}
