import { panelTitleOf } from "../../content/panels.ts";
import { RequestInspector } from "../code/RequestInspector.tsx";
import { PANEL_CATALOG, type PanelEntry } from "../layout/panelCatalog.tsx";

// What an embed can show (and Export can picture): the grid's panels, and the code pane that
// follows the read a reader clicks in the waiting room.
export const EMBEDDABLE_PANELS: readonly PanelEntry[] = [
  ...PANEL_CATALOG,
  { id: "code", title: panelTitleOf("code"), render: () => <RequestInspector /> },
];

export const EMBEDDABLE_PANEL_IDS: readonly string[] = EMBEDDABLE_PANELS.map((entry) => entry.id);

/** Without `panels`, an embed shows the grid's panels. */
export const DEFAULT_EMBED_PANEL_IDS: readonly string[] = PANEL_CATALOG.map((entry) => entry.id);
