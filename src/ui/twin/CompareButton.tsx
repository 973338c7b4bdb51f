import { useState } from "react";
import { CompareDialog } from "./CompareDialog.tsx";
import "./twin.css";

/** Opens the Compare dialog, which starts (or changes) a twin run. */
export function CompareButton() {
  const [open, setOpen] = useState(false);
  return (
    <div className="twin-compare">
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        title="Run the same scenario twice, side by side, differing in the knobs you pick"
        onClick={() => setOpen(!open)}
      >
        Compare…
      </button>
      {open && <CompareDialog onClose={() => setOpen(false)} />}
    </div>
  );
}
