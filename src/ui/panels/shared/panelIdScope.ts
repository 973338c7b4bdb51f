import { createContext } from "react";

/**
 * A prefix for the ids a panel gives its parts, for a page that shows the same panel twice (twin
 * runs): the second copy's ids must not repeat the first's. The page's own panels have none.
 */
export const PanelIdScope = createContext("");

/** The id of a panel's heading (`panel-history-ring`), from its title: what the tour points at. */
export const panelHeadingId = (title: string): string =>
  `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
