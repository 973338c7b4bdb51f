import { useId } from "react";
import { useApp } from "../../state/useApp.ts";

/** The way back to the page as it first opens, from a tour chapter, a preset or a link. */
export function ResetDefaultsButton() {
  const resetToDefaults = useApp((state) => state.resetToDefaults);
  const noteId = useId();
  return (
    <div className="reset-defaults">
      <button
        type="button"
        onClick={resetToDefaults}
        aria-describedby={noteId}
        title="The default scenario, from 0 s, at 1×: every setting, fault and page key back to its default"
      >
        Reset to defaults
      </button>
      {/* It sits among the live sliders, but resets more than they: said, not left to surprise. */}
      <span id={noteId} className="reset-defaults-note">
        Everything: sliders, run settings, gates, faults and speed; the run restarts from 0 s.
      </span>
    </div>
  );
}
