import type { MarkView } from "../../model/index.ts";
import { useApp } from "../../state/useApp.ts";
import { useTravel } from "../../state/useTravel.ts";
import { nextMark, previousMark, secondsText } from "./timeline-scale.ts";

/** Jumps to the mark before or after the current moment. */
export function MarkerNav({ marks }: { marks: readonly MarkView[] }) {
  const seek = useTravel((s) => s.seek);
  // The store's copy (a few times a second) is enough to enable the buttons: no render per frame.
  const nowNs = useApp((s) => s.snapshot?.nowNs ?? 0);
  const before = previousMark(marks, nowNs);
  const after = nextMark(marks, nowNs);
  const summaryOf = (mark: MarkView | null) =>
    mark === null ? "none" : `${secondsText(mark.atNs)}: ${mark.detail}`;
  return (
    <div className="marker-nav">
      <button
        type="button"
        disabled={before === null}
        title={`Previous marker (${summaryOf(before)})`}
        onClick={() => before !== null && seek(before.atNs)}
      >
        ◀ Previous marker
      </button>
      <button
        type="button"
        disabled={after === null}
        title={`Next marker (${summaryOf(after)})`}
        onClick={() => after !== null && seek(after.atNs)}
      >
        Next marker ▶
      </button>
    </div>
  );
}
