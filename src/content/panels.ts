// Every panel the page can show, declared once: the short id a link names it by (`panels=ring,…`),
// its title (its frame's heading, and the id of that heading the tour and questions point at),
// and where it appears. The page's grid, the embed dialog, the twin view, exports, the tour's
// `PanelId` and their tests all derive from this table.

export interface PanelDeclaration {
  /** The short id an embed link names it by. */
  readonly id: string;
  /** The heading its frame shows; letters and spaces only, so its heading id reads back. */
  readonly title: string;
  /** In the page's grid (the code pane is not: it follows a read from the waiting room). */
  readonly grid: boolean;
  /** Chosen when the embed dialog opens. */
  readonly embedFirst: boolean;
  /** Chosen when the twin view opens. */
  readonly twinFirst: boolean;
}

export const PANELS = [
  { id: "ring", title: "History ring", grid: true, embedFirst: true, twinFirst: true },
  { id: "waiting", title: "Waiting room", grid: true, embedFirst: true, twinFirst: true },
  { id: "freshness", title: "Freshness timeline", grid: true, embedFirst: false, twinFirst: false },
  { id: "decisions", title: "Decisions", grid: true, embedFirst: false, twinFirst: true },
  { id: "etcd", title: "etcd load", grid: true, embedFirst: false, twinFirst: false },
  { id: "metrics", title: "Metrics", grid: true, embedFirst: false, twinFirst: true },
  { id: "code", title: "Follow a request", grid: false, embedFirst: false, twinFirst: false },
] as const satisfies readonly PanelDeclaration[];

type Panel = (typeof PANELS)[number];
/** A panel's short id: `ring`, `waiting`, … */
export type PanelKey = Panel["id"];
/** A panel of the page's grid. */
export type GridPanelKey = Extract<Panel, { grid: true }>["id"];

type Dashed<S extends string> = S extends `${infer Head} ${infer Tail}`
  ? `${Head}-${Dashed<Tail>}`
  : S;

/** The id of a panel's heading (`panel-history-ring`): what captions and verdicts point at. */
export type PanelId = `panel-${Dashed<Lowercase<Panel["title"]>>}`;

/** The heading id of a title, as the frame writes it: lower case, words joined by `-`. */
export const panelHeadingId = (title: string): string =>
  `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

const byId = new Map<string, PanelDeclaration>(PANELS.map((panel) => [panel.id, panel]));

/** The title of the panel with this short id. */
export const panelTitleOf = (id: PanelKey): string => byId.get(id)?.title ?? id;

/** The title of the panel a heading id points at ("Decisions"), for a verdict that names it. */
export const titleOfHeading = (heading: PanelId): string =>
  PANELS.find((panel) => panelHeadingId(panel.title) === heading)?.title ?? heading;

export const GRID_PANEL_IDS: readonly GridPanelKey[] = PANELS.flatMap((panel) =>
  panel.grid ? [panel.id] : [],
);
export const EMBED_FIRST_IDS: readonly PanelKey[] = PANELS.flatMap((panel) =>
  panel.embedFirst ? [panel.id] : [],
);
export const TWIN_FIRST_IDS: readonly PanelKey[] = PANELS.flatMap((panel) =>
  panel.twinFirst ? [panel.id] : [],
);
