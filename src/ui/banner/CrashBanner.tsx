import { useApp } from "../../state/useApp.ts";

/** The simulation failed: say so plainly and offer to start the same scenario again. */
export function CrashBanner() {
  const crash = useApp((state) => state.crash);
  const restart = useApp((state) => state.restartAfterCrash);
  if (crash === null) return null;
  return (
    <section className="banner banner-crash" role="alert">
      <p className="banner-text">
        The simulation stopped with an error: <code>{crash}</code>. The page still works; the
        scenario and its link are unchanged.
      </p>
      <button type="button" className="primary" onClick={restart}>
        Restart the simulation
      </button>
    </section>
  );
}
