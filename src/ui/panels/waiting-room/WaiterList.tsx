import type { WaiterView } from "../../../sim/snapshot.ts";
import type { Nanos } from "../../../sim/time.ts";
import { formatDuration } from "../shared/format.ts";
import { readKindStyles } from "../shared/readKinds.ts";
import { waiterProgress } from "./waiterProgress.ts";

interface WaiterListProps {
  waiters: readonly WaiterView[];
  nowNs: Nanos;
  onInspect: (id: number | null) => void;
  inspectedId: number | null;
}

/** One row per waiter, in the order given; the bar fills from arrival (left) to the wall (right). */
export function WaiterList({ waiters, nowNs, onInspect, inspectedId }: WaiterListProps) {
  return (
    <ol className="wcl-waiters" aria-label="Waiting reads, oldest first">
      {waiters.map((waiter) => {
        const progress = waiterProgress(waiter, nowNs);
        const style = readKindStyles[waiter.kind];
        const waited = formatDuration(progress.waitedNs);
        return (
          <li key={waiter.id}>
            <button
              type="button"
              className="wcl-waiter"
              aria-pressed={inspectedId === waiter.id}
              aria-label={`${style.label} read #${waiter.id}, waited ${waited}`}
              onMouseEnter={() => onInspect(waiter.id)}
              onFocus={() => onInspect(waiter.id)}
              onClick={() => onInspect(waiter.id)}
            >
              <span className="wcl-waiter__kind">
                <span
                  className="wcl-swatch"
                  style={{ background: style.colour }}
                  aria-hidden="true"
                />
                {style.label}
              </span>
              <span className="wcl-waiter__track" aria-hidden="true">
                <span
                  className="wcl-waiter__fill"
                  style={{
                    width: `${(progress.fraction * 100).toFixed(1)}%`,
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
