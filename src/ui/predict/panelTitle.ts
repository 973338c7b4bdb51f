import type { PanelId } from "../../content/panel-id.ts";
import { PANEL_CATALOG } from "../layout/panelCatalog.tsx";
import { panelHeadingId } from "../panels/shared/panelIdScope.ts";

/** The title a panel shows ("Decisions"), for a verdict that names the panel it points at. */
export function panelTitle(panel: PanelId): string {
  return PANEL_CATALOG.find((entry) => panelHeadingId(entry.title) === panel)?.title ?? panel;
}
