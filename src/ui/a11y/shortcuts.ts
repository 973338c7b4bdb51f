// Every keyboard shortcut of the page, in one table: the handler and the shortcuts sheet both read it.

export type ShortcutAction =
  | "playPause"
  | "step"
  | "slower"
  | "faster"
  | "share"
  | "export"
  | "shortcuts";

export interface Shortcut {
  /** `KeyboardEvent.key` of the shortcut. */
  key: string;
  /** How the sheet writes the key. */
  label: string;
  action: ShortcutAction;
  description: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  {
    key: " ",
    label: "Space",
    action: "playPause",
    description: "Play or pause (on a control reached with Tab, Space presses it)",
  },
  { key: "k", label: "K", action: "playPause", description: "Play or pause, wherever focus is" },
  { key: ".", label: ".", action: "step", description: "Pause and step 100 ms" },
  { key: "[", label: "[", action: "slower", description: "Halve the speed" },
  { key: "]", label: "]", action: "faster", description: "Double the speed" },
  { key: "s", label: "S", action: "share", description: "Copy a link to this moment" },
  { key: "e", label: "E", action: "export", description: "Open the Export menu" },
  { key: "?", label: "?", action: "shortcuts", description: "Show these shortcuts" },
];

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
  /** The focused control was reached with Tab (src/ui/a11y/focus-origin.ts). */
  tabbed?: boolean;
}

// Fields that take letters and spaces: a checkbox, a radio or a slider types nothing, so the
// shortcuts keep working while one has focus.
const NOT_TYPED = ["checkbox", "radio", "range", "button", "submit", "reset", "color", "file"];
const TYPING = [
  `input${NOT_TYPED.map((type) => `:not([type='${type}'])`).join("")}`,
  "textarea",
  "select",
  "[contenteditable='']",
  "[contenteditable='true']",
].join(", ");
// Space presses these natively: when the reader tabbed to one, Space is theirs to press it.
const PRESSABLE =
  "button, a[href], summary, input[type='checkbox'], input[type='radio'], [role='button'], [role='checkbox']";

const closestOf = (target: EventTarget | null, selector: string): boolean =>
  target instanceof Element && target.closest(selector) !== null;

/** The action a key press asks for, or null: typing, modifier chords and open dialogs are left alone. */
export function shortcutFor(press: KeyPress): ShortcutAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (closestOf(press.target, TYPING) || closestOf(press.target, "dialog[open]")) return null;
  if (press.key === " " && press.tabbed === true && closestOf(press.target, PRESSABLE)) return null;
  return SHORTCUTS.find((shortcut) => shortcut.key === press.key)?.action ?? null;
}
