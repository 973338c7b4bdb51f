import { type ReactNode, type RefObject, useId, useMemo, useRef } from "react";
import { Later, MOUNT_TURN } from "../layout/MountTurns.tsx";
import "./sheet.css";

// The page's modal dialogs (Embed…, From a scrape…, the report, the shortcuts) share one frame: a
// titled <dialog> in the sheet style, opened modally, with its buttons in one row and Close last.

/** A sheet's dialog element and the two calls that open and close it. */
export interface SheetHandle {
  readonly dialog: RefObject<HTMLDialogElement | null>;
  readonly open: () => void;
  readonly close: () => void;
}

export function useSheet(): SheetHandle {
  const dialog = useRef<HTMLDialogElement>(null);
  return useMemo(
    () => ({
      dialog,
      open: () => {
        const element = dialog.current;
        if (element === null || element.open) return;
        // jsdom has no showModal: the dialog is then merely open.
        if (typeof element.showModal === "function") element.showModal();
        else element.setAttribute("open", "");
      },
      close: () => dialog.current?.close(),
    }),
    [],
  );
}

interface SheetProps {
  sheet: SheetHandle;
  title: string;
  /** The dialog's own class beside `sheet`: its width and its parts' layout. */
  className?: string;
  /** Called however the dialog closed (Close, Escape). */
  onClose?: () => void;
  children: ReactNode;
}

/** The dialog, named by its heading. */
export function Sheet({ sheet, title, className, onClose, children }: SheetProps) {
  const titleId = useId();
  return (
    <dialog
      ref={sheet.dialog}
      className={className === undefined ? "sheet" : `sheet ${className}`}
      aria-labelledby={titleId}
      onClose={onClose}
    >
      <h2 id={titleId}>{title}</h2>
      {/* Closed until asked for: its contents need not hold up the page's first turns. */}
      <Later turn={MOUNT_TURN.sheets}>{children}</Later>
    </dialog>
  );
}

/** A sheet's row of buttons, with Close at its far end. */
export function SheetActions({ sheet, children }: { sheet: SheetHandle; children?: ReactNode }) {
  return (
    <div className="sheet-actions">
      {children}
      <button type="button" className="sheet-close" onClick={sheet.close}>
        Close
      </button>
    </div>
  );
}
