import type { Step } from "./chapter.ts";

interface TourCaptionProps {
  step: Step;
  /** The quote taken when the trigger first held, or undefined while the caption still waits. */
  sighting: string | undefined;
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
  return (
    <p className="tour-caption" data-testid="tour-caption" data-state="shown">
      {step.caption}
      {sighting !== "" && <span className="tour-quote"> {sighting}</span>}
    </p>
  );
}
