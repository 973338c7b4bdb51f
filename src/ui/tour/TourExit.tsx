interface TourExitProps {
  finished: boolean;
  /** Free play goes on with the chapter's run (its scenario, its speed). */
  onKeep: () => void;
  /** Free play starts from the default scenario at 1×. */
  onDefaults: () => void;
  onStay: () => void;
}

/** Leaving the tour: the reader chooses where free play starts, instead of inheriting a chapter. */
export function TourExit({ finished, onKeep, onDefaults, onStay }: TourExitProps) {
  return (
    <fieldset className="tour-exit-choice">
      <legend>{finished ? "That was the last chapter. " : ""}Where should free play start?</legend>
      <div className="tour-buttons">
        <button type="button" className="primary" onClick={onDefaults}>
          From the defaults
        </button>
        <button type="button" onClick={onKeep}>
          Keep this chapter's run
        </button>
        <button type="button" onClick={onStay}>
          Back to the tour
        </button>
      </div>
      <p className="tour-launcher-note">Presets, above, start any other scenario.</p>
    </fieldset>
  );
}
