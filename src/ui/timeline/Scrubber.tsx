import { memo, type PointerEvent, useRef } from "react";
import type { MarkView } from "../../model/index.ts";
import { NS_PER_S } from "../../model/index.ts";
import { useShownFrame } from "../../state/useLiveFrame.ts";
import { useTravel } from "../../state/useTravel.ts";
import { familyOf, fractionOf, keyTarget, secondsText, timeAtFraction } from "./timeline-scale.ts";

/** Least wall time between two seeks sent while dragging: the worker replays each one. */
const DRAG_SEEK_INTERVAL_MS = 60;

const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;

/** The run so far as a bar: the position, the marks, click or drag to seek, keys to step. */
export function Scrubber({ marks }: { marks: readonly MarkView[] }) {
  const furthestNs = useTravel((s) => s.furthestNs);
  const seek = useTravel((s) => s.seek);
  const seeking = useTravel((s) => s.seekingToNs !== null);
  // The newest seek asked for, until the worker has shown it: keys pressed quickly add up.
  const aimNs = useTravel((s) => s.queuedSeekNs ?? s.seekingToNs);
  const nowNs = Math.min(useShownFrame()?.snapshot.nowNs ?? 0, furthestNs);
  const track = useRef<HTMLDivElement>(null);
  const lastDragMs = useRef<number | null>(null);
  const disabled = furthestNs <= 0;

  const seekAt = (clientX: number) => {
    const rect = track.current?.getBoundingClientRect();
    if (rect === undefined || rect.width <= 0) return;
    seek(timeAtFraction((clientX - rect.left) / rect.width, furthestNs));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    lastDragMs.current = performance.now();
    seekAt(event.clientX);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const last = lastDragMs.current;
    if (last === null || performance.now() - last < DRAG_SEEK_INTERVAL_MS) return;
    lastDragMs.current = performance.now();
    seekAt(event.clientX);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (lastDragMs.current === null) return;
    lastDragMs.current = null;
    seekAt(event.clientX);
  };

  const at = fractionOf(nowNs, furthestNs);
  return (
    <div
      ref={track}
      className="scrubber"
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label="Simulated time of the run so far"
      aria-disabled={disabled}
      aria-busy={seeking}
      aria-valuemin={0}
      aria-valuemax={Number((furthestNs / NS_PER_S).toFixed(1))}
      aria-valuenow={Number((nowNs / NS_PER_S).toFixed(1))}
      aria-valuetext={`${secondsText(nowNs)} of ${secondsText(furthestNs)}`}
      onKeyDown={(event) => {
        // From the seek last asked for while one is pending: Home then Shift+→ is 10 s.
        const target = keyTarget(event.key, event.shiftKey, aimNs ?? nowNs, furthestNs);
        if (disabled || target === null) return;
        event.preventDefault();
        seek(target);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
    >
      <div className="scrubber-fill" style={{ width: percent(at) }} />
      <Markers marks={marks} furthestNs={furthestNs} onSeek={seek} />
      <div className="scrubber-thumb" style={{ left: percent(at) }} />
    </div>
  );
}

const Markers = memo(function Markers(props: {
  marks: readonly MarkView[];
  furthestNs: number;
  onSeek: (atNs: number) => void;
}) {
  return props.marks.map((mark) => (
    <span
      key={mark.seq}
      className="scrubber-mark"
      data-family={familyOf(mark.kind)}
      data-kind={mark.kind}
      style={{ left: percent(fractionOf(mark.atNs, props.furthestNs)) }}
      title={`${secondsText(mark.atNs)}: ${mark.detail}`}
      onPointerDown={(event) => {
        event.stopPropagation();
        props.onSeek(mark.atNs);
      }}
    />
  ));
});
