import { type MouseEvent, useCallback, useMemo, useRef } from "react";
import { QUARTER_POINT_EVENT } from "../../../content/quarter-point.ts";
import type { RingSummary, SimSnapshot } from "../../../model/index.ts";
import type { CanvasSize } from "../shared/canvasLike.ts";
import { formatDuration } from "../shared/format.ts";
import { Legend, type LegendItem } from "../shared/Legend.tsx";
import { snapshotPanel } from "../shared/PanelFrame.tsx";
import { type CanvasDraw, useCanvasDrawing } from "../shared/useCanvasDrawing.ts";
import { usePrefersReducedMotion } from "../shared/usePrefersReducedMotion.ts";
import { displayedCapacity, transitionProgress } from "./capacityTransition.ts";
import { describeSegment } from "./describeSegment.ts";
import { drawRing } from "./drawRing.ts";
import { RingStats } from "./RingStats.tsx";
import { lastRecordedResize } from "./recordedResize.ts";
import { ageColours, emptySlotColour } from "./ringAge.ts";
import {
  indexAtAngle,
  placeRing,
  pointerAngle,
  type RingPlacement,
  segmentAt,
} from "./ringGeometry.ts";
import { ringLayout } from "./ringLayout.ts";
import { useCapacityTransition } from "./useCapacityTransition.ts";
import { useSegmentSelection } from "./useSegmentSelection.ts";

const CAPTION =
  "The watch cache's history ring: each slot holds one recent event, coloured by its age against " +
  `the fresh window. A full ring doubles while its oldest event is fresh and halves once ${QUARTER_POINT_EVENT} ` +
  "is older than the fresh window.";

const FALLBACK_SIZE: CanvasSize = { width: 240, height: 240 };

export const RingPanel = snapshotPanel("ring", CAPTION, RingBody);

function RingBody({ snapshot }: { snapshot: SimSnapshot }) {
  const { ring } = snapshot;
  const { tracker, lastResize, isNews } = useCapacityTransition(ring, snapshot.nowNs);
  const reducedMotion = usePrefersReducedMotion();
  const selection = useSegmentSelection(ring.segments.length);
  // What the canvas shows (the panel's snapshot): pointer hits are read against it.
  const drawn = useRef<{ ring: RingSummary; placement: RingPlacement } | null>(null);

  const draw = useCallback<CanvasDraw>(
    (context, size, latest, theme) => {
      const transition = tracker.advance(latest.ring.capacity, latest.nowNs);
      const progress = transitionProgress(transition, latest.nowNs, reducedMotion);
      const placement = placeRing(latest.ring, displayedCapacity(transition, progress));
      drawn.current = { ring: latest.ring, placement };
      return drawRing(context, {
        ring: latest.ring,
        placement,
        layout: ringLayout(size),
        selectedSegment: selection.active,
        theme,
      });
    },
    [tracker, reducedMotion, selection.active],
  );
  const { containerRef, canvasRef, size } = useCanvasDrawing(snapshot, draw, FALLBACK_SIZE);

  const segmentUnderPointer = (event: MouseEvent<HTMLCanvasElement>): number | null => {
    if (drawn.current === null) return null;
    const { ring: shown, placement } = drawn.current;
    const bounds = event.currentTarget.getBoundingClientRect();
    const layout = ringLayout(size);
    const dx = event.clientX - bounds.left - layout.centreX;
    const dy = event.clientY - bounds.top - layout.centreY;
    const radius = Math.hypot(dx, dy);
    if (radius < layout.innerRadius - 4 || radius > layout.outerRadius + 4) return null;
    const index = indexAtAngle(placement, shown, pointerAngle(dx, dy));
    return index === null ? null : segmentAt(shown.segments, index);
  };

  const active = selection.active === null ? undefined : ring.segments[selection.active];
  const legend = useMemo(() => ageLegend(ring.freshWindowNs), [ring.freshWindowNs]);
  return (
    <>
      <div className="wcl-ring">
        <div
          ref={containerRef}
          className="wcl-ring__canvas"
          // A slider over the segments: arrow keys pick one, the detail line describes it.
          role="slider"
          tabIndex={0}
          aria-label="History ring segment"
          aria-valuemin={0}
          aria-valuemax={ring.segments.length}
          aria-valuenow={selection.active === null ? 0 : selection.active + 1}
          aria-valuetext={active ? describeSegment(active, ring.freshWindowNs) : "none picked"}
          onKeyDown={selection.onKeyDown}
        >
          <canvas
            ref={canvasRef}
            onPointerMove={(event) => selection.setHovered(segmentUnderPointer(event))}
            onPointerLeave={() => selection.setHovered(null)}
            onClick={(event) => selection.togglePicked(segmentUnderPointer(event))}
          />
        </div>
        <RingStats
          ring={ring}
          lastResize={lastRecordedResize(snapshot.marks) ?? lastResize}
          isNews={isNews}
        />
      </div>
      <p className="wcl-detail">
        {active
          ? describeSegment(active, ring.freshWindowNs)
          : "Hover, click or focus the ring and use the arrow keys for a segment's events and ages."}
      </p>
      <Legend items={legend} />
    </>
  );
}

function ageLegend(freshWindowNs: number): LegendItem[] {
  const freshWindow = formatDuration(freshWindowNs);
  const halfWindow = formatDuration(freshWindowNs / 2);
  return [
    { label: `fresh (< ${halfWindow})`, colour: ageColours.fresh },
    { label: `${halfWindow} – ${freshWindow}`, colour: ageColours.ageing },
    { label: `older than ${freshWindow}`, colour: ageColours.stale },
    { label: "empty slot", colour: emptySlotColour },
  ];
}
