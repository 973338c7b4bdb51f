import { useApp } from "../../state/use-app.ts";

/** The way back to the page as it first opens, from a tour chapter, a preset or a link. */
export function ResetDefaultsButton() {
  const resetToDefaults = useApp((state) => state.resetToDefaults);
  return (
    <div className="reset-defaults">
      <button
        type="button"
        onClick={resetToDefaults}
        title="The default scenario, from 0 s, at 1×: every setting, fault and page key back to its default"
      >
        Reset to defaults
      </button>
    </div>
  );
}
