import { useEffect } from "react";
import { Sheet, useSheet } from "../sheet/Sheet.tsx";
import { SHORTCUTS } from "./shortcuts.ts";

/** Every keyboard shortcut, as a modal dialog; Escape or Close returns focus where it was. */
export function ShortcutsSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const sheet = useSheet();
  useEffect(() => {
    if (open) sheet.open();
    else if (sheet.dialog.current?.open) sheet.close();
  }, [open, sheet]);
  return (
    <Sheet sheet={sheet} title="Keyboard shortcuts" onClose={onClose}>
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
    </Sheet>
  );
}
