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
  /** This step runs a scenario of its own, started again from 0 s: its clock starts over. */
  restarted?: boolean;
}

/**
 * The caption once the simulation has shown what it talks about; until then, what it waits for.
 * Its figures and its time are the shown snapshot's, the panels' and the clock's: the tour pauses
 * the run at the moment a trigger first held, and says so; played on, the figures follow the run.
 */
export function TourCaption({ step, sighting, shown, playing, restarted }: TourCaptionProps) {
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
  // "Paused at 1.0 s", then "Paused at 0.1 s" read as time running backwards: say the run restarted.
  const at = `${formatClock(shown.nowNs)}${restarted ? " of this step's own run, restarted from 0 s" : ""}`;
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
