import { numberText } from "../../content/number-text.ts";
import { toSeconds } from "../../model/index.ts";
import { useApp } from "../../state/useApp.ts";
import { useLiveFrame } from "../../state/useLiveFrame.ts";

const seconds = (ns: number) => `${numberText(Math.floor(toSeconds(ns)))} s`;

/** A link opened far into its run replays up to there: how far it has come, and a way out. */
export function OpeningBanner() {
  const frame = useLiveFrame();
  const cancel = useApp((state) => state.cancelOpening);
  const opening = frame?.opening;
  if (frame === null || opening === undefined) return null;
  const nowNs = frame.snapshot.nowNs;
  const percent = Math.floor((nowNs / opening.targetNs) * 100);
  return (
    <section className="banner banner-notice" aria-labelledby="opening-title">
      <div className="banner-text">
        <h2 id="opening-title">
          Opening the link at {seconds(opening.targetNs)} of simulated time
        </h2>
        <p className="opening-progress">
          <progress
            max={opening.targetNs}
            value={nowNs}
            aria-labelledby="opening-title"
            aria-valuetext={`${percent} %`}
          />{" "}
          <span data-testid="opening-done">
            {percent} % · replayed {seconds(nowNs)}
          </span>
        </p>
      </div>
      <button type="button" onClick={() => cancel(nowNs)}>
        Cancel: go on from here
      </button>
    </section>
  );
}
