import type { Nanos, WaiterView } from "../../../model/index.ts";
import { formatDuration } from "../shared/format.ts";
import { readKindStyles } from "../shared/readKinds.ts";
import { waiterProgress } from "./waiterProgress.ts";

interface WaiterListProps {
  waiters: readonly WaiterView[];
  nowNs: Nanos;
  onInspect: (id: number | null) => void;
  inspectedId: number | null;
  /** A click also follows the read in the code pane, when the page has one. */
  onSelect?: ((id: number) => void) | undefined;
  /** Reads whose steps are recorded: only those are offered to follow. */
  traced?: readonly number[] | undefined;
}

/** One row per waiter, in the order given; the bar fills from arrival (left) to the wall (right). */
export function WaiterList({
  waiters,
  nowNs,
  onInspect,
  inspectedId,
  onSelect,
  traced = [],
}: WaiterListProps) {
  return (
    <ol className="wcl-waiters" aria-label="Waiting reads, oldest first">
      {waiters.map((waiter, slot) => {
        const progress = waiterProgress(waiter, nowNs);
        const style = readKindStyles[waiter.kind];
        const waited = formatDuration(progress.waitedNs);
        return (
          // Rows are slots (the n-th oldest): at speed the waiters change every frame, and keyed
          // by id each frame would rebuild every row instead of updating it.
          // biome-ignore lint/suspicious/noArrayIndexKey: a slot, not an identity
          <li key={slot}>
            <button
              type="button"
              className="wcl-waiter"
              aria-pressed={inspectedId === waiter.id}
              onMouseEnter={() => onInspect(waiter.id)}
              onFocus={() => onInspect(waiter.id)}
              onClick={() => {
                onInspect(waiter.id);
                if (traced.includes(waiter.id)) onSelect?.(waiter.id);
              }}
            >
              <span className="wcl-waiter__kind">
                <span
                  className="wcl-swatch"
                  style={{ background: style.colour }}
                  aria-hidden="true"
                />
                {style.label}
              </span>{" "}
              {/* The name reads "<kind> read #id, waited <time>" and holds the visible words. */}
              <span className="wcl-visually-hidden">read #{waiter.id}, waited</span>{" "}
              <span className="wcl-waiter__track" aria-hidden="true">
                <span
                  className="wcl-waiter__fill"
                  style={{
                    transform: `scaleX(${progress.fraction.toFixed(3)})`,
                    background: style.colour,
                  }}
                />
              </span>
              <span className="wcl-waiter__time">{waited}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
