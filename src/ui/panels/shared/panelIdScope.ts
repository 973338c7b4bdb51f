import { createContext } from "react";

/**
 * A prefix for the ids a panel gives its parts, for a page that shows the same panel twice (twin
 * runs): the second copy's ids must not repeat the first's. The page's own panels have none.
 */
export const PanelIdScope = createContext("");
