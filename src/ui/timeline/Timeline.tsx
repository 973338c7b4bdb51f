import type { MarkView } from "../../sim/marks.ts";
import { useApp } from "../../state/use-app.ts";
import { BreakpointControls } from "./BreakpointControls.tsx";
import { MarkerNav } from "./MarkerNav.tsx";
import { Scrubber } from "./Scrubber.tsx";
import { TravelNotes } from "./TravelNotes.tsx";
import "./timeline.css";

const NO_MARKS: readonly MarkView[] = [];

/** Time travel under the header: the scrubber over the run so far, marker jumps, breakpoints. */
export function Timeline() {
  // The page's 4 Hz copy: marks change rarely, so the markers need not redraw every frame.
  const marks = useApp((s) => s.snapshot?.marks) ?? NO_MARKS;
  return (
    <section className="timeline" aria-label="Time travel">
      <div className="timeline-row">
        <Scrubber marks={marks} />
        <MarkerNav marks={marks} />
      </div>
      <div className="timeline-row">
        <BreakpointControls />
        <TravelNotes />
      </div>
    </section>
  );
}
