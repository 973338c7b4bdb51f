import { useEffect, useState } from "react";
import type { Preset } from "../../content/presets.ts";
import type { Nanos } from "../../model/index.ts";
import { toSeconds } from "../../model/index.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { usePublishedPreset } from "./usePublishedPreset.ts";

/** When the scenario is a preset as published, what to look for and whether it has been seen. */
export function ObservableWatch() {
  const preset = usePublishedPreset();
  return preset === null ? null : <Watch key={preset.id} preset={preset} />;
}

type Seen = { atNs: Nanos } | "missed" | null;

const stateOf = (seen: Seen) => (seen === null ? "waiting" : seen === "missed" ? "missed" : "seen");

// Checked on every frame, without re-rendering per frame: only the first sighting is kept, until
// the clock goes back (the run restarted) and the watch starts over.
function Watch({ preset }: { preset: Preset }) {
  const { live } = useRuntime();
  const [seen, setSeen] = useState<Seen>(null);
  const { description, windowS, holds } = preset.observable;
  useEffect(() => {
    let settled = false;
    let lastNs = 0;
    const check = () => {
      const snapshot = live.get()?.snapshot;
      if (snapshot === undefined) return;
      if (snapshot.nowNs < lastNs) {
        settled = false;
        setSeen(null);
      }
      lastNs = snapshot.nowNs;
      if (settled) return;
      if (holds(snapshot)) {
        settled = true;
        setSeen({ atNs: snapshot.nowNs });
      } else if (toSeconds(snapshot.nowNs) > windowS) {
        settled = true;
        setSeen("missed");
      }
    };
    check();
    return live.subscribe(check);
  }, [live, holds, windowS]);

  return (
    <p className="observable" data-testid="observable" data-state={stateOf(seen)}>
      <span className="observable-explanation">{preset.explanation}</span>{" "}
      <span className="observable-label">Look for:</span> {description}.{" "}
      <strong>
        {seen === null
          ? "Not yet."
          : seen === "missed"
            ? `Not seen within ${windowS} s.`
            : `Seen at ${toSeconds(seen.atNs).toFixed(1)} s.`}
      </strong>
    </p>
  );
}
