import { useEffect, useRef } from "react";
import { SHORTCUTS } from "./shortcuts.ts";

/** Every keyboard shortcut, as a modal dialog; Escape or Close returns focus where it was. */
export function ShortcutsSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      // jsdom has no showModal: the dialog is then merely open.
      if (typeof element.showModal === "function") element.showModal();
      else element.setAttribute("open", "");
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);
  return (
    <dialog ref={dialog} className="sheet" aria-labelledby="shortcuts-title" onClose={onClose}>
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <table className="shortcuts">
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Does</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.key}>
              <td>
                <kbd>{shortcut.label}</kbd>
              </td>
              <td>{shortcut.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="sheet-note">
        Shortcuts rest while you type in a field. Tab moves between controls; Space presses the
        control you tabbed to, and plays or pauses everywhere else.
      </p>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </dialog>
  );
}
