import { Fragment } from "react";
import { useRuntime } from "../../state/runtime-context.ts";
import { useLiveFrame } from "../../state/use-live-frame.ts";
import type { PanelEntry } from "../layout/panelCatalog.tsx";

interface TwinPanelsProps {
  panels: readonly PanelEntry[];
  sides: { a: string; b: string };
}

/** The chosen panels twice, A beside B, row by row so each pair lines up; redrawn every frame. */
export function TwinPanels({ panels, sides }: TwinPanelsProps) {
  const frame = useLiveFrame();
  const { prometheusText } = useRuntime();
  const a = frame?.snapshot ?? null;
  const b = frame?.twin ?? null;
  return (
    <div className="twin-grid">
      <h2 className="twin-side twin-side-a" data-testid="twin-label-a">
        A: {sides.a}
      </h2>
      <h2 className="twin-side twin-side-b" data-testid="twin-label-b">
        B: {sides.b}
      </h2>
      {panels.map((entry) => (
        <Fragment key={entry.id}>
          <div className="twin-cell" data-side="A" data-testid={`twin-a-${entry.id}`}>
            {entry.render({ snapshot: a, prometheusText })}
          </div>
          <div className="twin-cell" data-side="B" data-testid={`twin-b-${entry.id}`}>
            {entry.render({ snapshot: b, prometheusText })}
          </div>
        </Fragment>
      ))}
    </div>
  );
}
