import { type ReactNode, useContext } from "react";
import "../panels.css";
import { type PanelKey, panelHeadingId, panelTitleOf } from "../../../content/panels.ts";
import { PanelIdScope } from "./panelIdScope.ts";

interface PanelFrameProps {
  /** Which panel: its title comes from the panel table (content/panels.ts). */
  panel: PanelKey;
  caption: string;
  /** False until the first snapshot arrives: the panel then says so instead of showing a blank box. */
  hasSnapshot: boolean;
  /** Simulated time of the snapshot shown, as `data-at-ns`: which moment the panel tells. */
  atNs?: number | undefined;
  children?: ReactNode;
}

/** The title, the plain-words caption and the waiting state every panel shares. */
export function PanelFrame({ panel, caption, hasSnapshot, atNs, children }: PanelFrameProps) {
  const title = panelTitleOf(panel);
  const titleId = `${useContext(PanelIdScope)}${panelHeadingId(title)}`;
  return (
    <section className="wcl-panel" aria-labelledby={titleId} data-at-ns={atNs}>
      <header className="wcl-panel__header">
        <h2 id={titleId} className="wcl-panel__title">
          {title}
        </h2>
        <p className="wcl-panel__caption">{caption}</p>
      </header>
      <div className="wcl-panel__body">
        {hasSnapshot ? (
          children
        ) : (
          <p className="wcl-panel__waiting" role="status">
            Waiting for the simulation…
          </p>
        )}
      </div>
    </section>
  );
}
