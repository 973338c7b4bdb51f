import { memo, type ReactNode, useContext } from "react";
import "../panels.css";
import { type PanelKey, panelHeadingId, panelTitleOf } from "../../../content/panels.ts";
import type { SimSnapshot, WallView } from "../../../model/index.ts";
import { PanelIdScope } from "./panelIdScope.ts";

interface PanelFrameProps {
  /** Which panel: its title comes from the panel table (content/panels.ts). */
  panel: PanelKey;
  caption: string;
  /**
   * The snapshot shown, null until the first arrives (the panel then says so instead of showing
   * a blank box); its time goes out as `data-at-ns`: which moment the panel tells.
   */
  snapshot: SimSnapshot | null;
  /** The panel's body, drawn from the snapshot once there is one. */
  children: (snapshot: SimSnapshot) => ReactNode;
}

/** The shell every panel shares: its title, the plain-words caption and the waiting state. */
export function PanelFrame({ panel, caption, snapshot, children }: PanelFrameProps) {
  const title = panelTitleOf(panel);
  const titleId = `${useContext(PanelIdScope)}${panelHeadingId(title)}`;
  return (
    <section className="wcl-panel" aria-labelledby={titleId} data-at-ns={snapshot?.nowNs}>
      <header className="wcl-panel__header">
        <h2 id={titleId} className="wcl-panel__title">
          {title}
        </h2>
        <p className="wcl-panel__caption">{caption}</p>
      </header>
      <div className="wcl-panel__body">
        {snapshot !== null ? (
          children(snapshot)
        ) : (
          <p className="wcl-panel__waiting" role="status">
            Waiting for the simulation…
          </p>
        )}
      </div>
    </section>
  );
}

/**
 * A panel drawn from the snapshot alone: its frame around `Body`, memoised as every panel is (a
 * frame re-renders only when its snapshot changes). The caption may name the run's wall.
 */
export function snapshotPanel(
  panel: PanelKey,
  caption: string | ((wall: WallView | undefined) => string),
  Body: (props: { snapshot: SimSnapshot }) => ReactNode,
) {
  return memo(function SnapshotPanel({ snapshot }: { snapshot: SimSnapshot | null }) {
    const words = typeof caption === "string" ? caption : caption(snapshot?.wall);
    return (
      <PanelFrame panel={panel} caption={words} snapshot={snapshot}>
        {(shown) => <Body snapshot={shown} />}
      </PanelFrame>
    );
  });
}
