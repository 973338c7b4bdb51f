import { BreakpointControls } from "./BreakpointControls.tsx";
import { MarkerNav } from "./MarkerNav.tsx";
import { MarkLegend } from "./MarkLegend.tsx";
import { Scrubber } from "./Scrubber.tsx";
import { TravelNotes } from "./TravelNotes.tsx";
import "./timeline.css";
import { useKnownMarks } from "./useKnownMarks.ts";

/** Time travel under the header: the scrubber over the run so far, marker jumps, breakpoints. */
export function Timeline() {
  const marks = useKnownMarks();
  return (
    <section className="timeline" aria-label="Time travel">
      <div className="timeline-row">
        <Scrubber marks={marks} />
        <MarkerNav marks={marks} />
      </div>
      <div className="timeline-row">
        <BreakpointControls />
        <MarkLegend />
        <TravelNotes />
      </div>
    </section>
  );
}
