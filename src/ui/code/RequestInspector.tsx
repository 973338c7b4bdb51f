import { useEffect, useMemo, useRef, useState } from "react";
import { useApp } from "../../state/useApp.ts";
import { PanelFrame } from "../panels/shared/PanelFrame.tsx";
import { readKindStyles } from "../panels/shared/readKinds.ts";
import { CodePane } from "./CodePane.tsx";
import { RecentReadPicker } from "./RecentReadPicker.tsx";
import { Swimlane } from "./swimlane/Swimlane.tsx";
import { cursorIndex, visitedLines } from "./traceCursor.ts";
import { useFollowedTrace } from "./useFollowedTrace.ts";
import { useRevealOnSelect } from "./useRevealOnSelect.ts";
import "./code.css";

const CAPTION =
  "Follow one read through the apiserver. The pseudocode (our own words for the upstream " +
  "functions) marks the line the read stands on; the lanes show where its time went. Every step " +
  "is what the simulation recorded for that read.";

/** The code pane and the swimlane of the selected request. */
export function RequestInspector() {
  const snapshot = useApp((state) => state.snapshot);
  const selectedId = useApp((state) => state.selectedRequestId);
  const k8s = useApp((state) => state.scenario.k8s);
  const twin = useApp((state) => state.pageKeys["twin"] !== undefined);
  const select = useApp((state) => state.selectRequest);
  const trace = useFollowedTrace(selectedId);
  const [cursor, setCursor] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new request starts at its newest step
  useEffect(() => setCursor(null), [selectedId]);
  const steps = trace?.steps ?? [];
  const index = cursorIndex(steps, cursor);
  const current = steps[index];
  const traced = useMemo(() => new Set(snapshot?.tracedIds ?? []), [snapshot]);
  const oldestWaiter = snapshot?.waiters.find((waiter) => traced.has(waiter.id));
  const paneRef = useRef<HTMLDivElement>(null);
  useRevealOnSelect(paneRef, selectedId);

  return (
    <div className="wcl-request-inspector" ref={paneRef}>
      <PanelFrame panel="code" caption={CAPTION} snapshot={snapshot}>
        {(shown) => (
          <div className="wcl-follow">
            <div className="wcl-follow__bar">
              {selectedId === null ? (
                <span>Click a waiting read, or one that just left, in the waiting room.</span>
              ) : trace === null && traced.has(selectedId) ? (
                <span>Fetching the steps of read #{selectedId}…</span>
              ) : trace === null ? (
                <span>
                  Read #{selectedId} was not traced: the simulation records the steps of up to 100
                  new reads per simulated second (every read at light load).
                </span>
              ) : (
                <span>
                  <strong>
                    {readKindStyles[trace.kind].label} read #{trace.id}
                  </strong>{" "}
                  · {trace.live ? "in flight" : "finished"} · step {index + 1} of {steps.length}
                </span>
              )}
              {trace !== null && (
                <span className="wcl-follow__steps">
                  <button type="button" disabled={index <= 0} onClick={() => setCursor(index - 1)}>
                    ◀ Previous step
                  </button>
                  <button
                    type="button"
                    disabled={index >= steps.length - 1}
                    onClick={() => setCursor(index + 1)}
                  >
                    Next step ▶
                  </button>
                  <button type="button" disabled={cursor === null} onClick={() => setCursor(null)}>
                    Newest step
                  </button>
                </span>
              )}
            </div>
            <div className="wcl-follow__bar">
              {oldestWaiter !== undefined && oldestWaiter.id !== selectedId && (
                <button type="button" onClick={() => select(oldestWaiter.id)}>
                  Follow the oldest waiting read
                </button>
              )}
              <RecentReadPicker outcomes={shown.recentOutcomes} traced={traced} onSelect={select} />
              {selectedId !== null && (
                <button type="button" onClick={() => select(null)}>
                  Stop following
                </button>
              )}
              {twin && (
                <span className="wcl-muted">Beside a twin, the pane follows run A's reads.</span>
              )}
            </div>
            <div className="wcl-follow__body">
              <CodePane
                currentLine={current?.line ?? null}
                visited={visitedLines(steps, index)}
                k8s={k8s}
                wall={shown.wall}
                rules={shown.rules}
              />
              {trace !== null && (
                <Swimlane
                  trace={trace}
                  nowNs={shown.nowNs}
                  wall={shown.wall}
                  index={index}
                  onPick={setCursor}
                />
              )}
            </div>
          </div>
        )}
      </PanelFrame>
    </div>
  );
}
