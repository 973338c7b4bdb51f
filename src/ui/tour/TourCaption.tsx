import type { Step } from "../../content/tour/chapter.ts";
import type { SimSnapshot } from "../../model/index.ts";
import { formatClock } from "../controls/clockSeconds.ts";
import { CamelBreaks } from "../text/CamelBreaks.tsx";
import type { Sighting } from "./sightings.ts";

interface TourCaptionProps {
  step: Step;
  /** When the trigger first held, or undefined while the caption still waits for it. */
  sighting: Sighting<string> | undefined;
  /** The snapshot the panels show: the caption's figures are read from it, never from another. */
  shown: SimSnapshot | null;
  playing: boolean;
}

/**
 * The caption once the simulation has shown what it talks about; until then, what it waits for.
 * Its figures and its time are the shown snapshot's, the panels' and the clock's: the tour pauses
 * the run at the moment a trigger first held, and says so; played on, the figures follow the run.
 */
export function TourCaption({ step, sighting, shown, playing }: TourCaptionProps) {
  if (sighting === undefined || shown === null) {
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
  const quote = step.quote?.(shown) ?? "";
  const at = formatClock(shown.nowNs);
  const figures = playing
    ? quote === ""
      ? ""
      : `At ${at}, playing: ${quote}`
    : `Paused at ${at}, the moment this happened${quote === "" ? "." : `: ${quote}`}`;
  return (
    <p
      className="tour-caption"
      data-testid="tour-caption"
      data-state="shown"
      data-seen-ns={sighting.atNs}
    >
      <CamelBreaks text={step.caption} />{" "}
      {figures !== "" && (
        <span className="tour-quote" data-testid="tour-quote" data-at-ns={shown.nowNs}>
          {figures}
        </span>
      )}
    </p>
  );
}
