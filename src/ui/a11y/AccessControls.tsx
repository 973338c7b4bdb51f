import { useCallback, useState } from "react";
import { ShortcutsSheet } from "./ShortcutsSheet.tsx";
import { useKeyboardShortcuts } from "./useKeyboardShortcuts.ts";
import { useTheme } from "./useTheme.ts";
import "./theme.css";

/**
 * The theme toggle and the shortcuts sheet, and the keyboard listener behind them. An embed leaves
 * the toggle out: it follows its reader's system setting, and its bar has no room to spare.
 */
export function AccessControls({ themeToggle = true }: { themeToggle?: boolean }) {
  const [theme, toggleTheme] = useTheme();
  const [sheetOpen, setSheetOpen] = useState(false);
  const openSheet = useCallback(() => setSheetOpen(true), []);
  const closeSheet = useCallback(() => setSheetOpen(false), []);
  useKeyboardShortcuts(openSheet);
  return (
    <div className="access">
      {themeToggle && (
        <button type="button" aria-pressed={theme === "dark"} onClick={toggleTheme}>
          Dark theme
        </button>
      )}
      <button type="button" aria-keyshortcuts="?" onClick={openSheet}>
        Shortcuts
      </button>
      <ShortcutsSheet open={sheetOpen} onClose={closeSheet} />
    </div>
  );
}
