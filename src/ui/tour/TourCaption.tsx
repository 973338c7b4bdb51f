import type { Step } from "../../content/tour/chapter.ts";
import { NS_PER_S } from "../../model/index.ts";
import type { Sighting } from "./sightings.ts";

interface TourCaptionProps {
  step: Step;
  /** When the trigger first held, or undefined while the caption still waits for it. */
  sighting: Sighting | undefined;
}

/** The caption once the simulation has shown what it talks about; until then, what it waits for. */
export function TourCaption({ step, sighting }: TourCaptionProps) {
  if (sighting === undefined) {
    return (
      <p
        className="tour-caption tour-caption--waiting"
        data-testid="tour-caption"
        data-state="waiting"
      >
        Watching the simulation for {step.trigger.waitingFor}…
      </p>
    );
  }
  // "By": the frame in which the trigger was first seen, not the event's exact moment. The
  // figures are that frame's, which the run may have left behind.
  const seenAtS = (sighting.atNs / NS_PER_S).toFixed(1);
  return (
    <p className="tour-caption" data-testid="tour-caption" data-state="shown">
      {step.caption}{" "}
      <span className="tour-quote">
        Seen by {seenAtS} s{sighting.quote === "" ? "." : `: ${sighting.quote}`}
      </span>
    </p>
  );
}
