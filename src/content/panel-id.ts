// Captions, answers and verdicts point at a panel by the id of its title, shared by the tour and
// the prediction questions.

/** The panel a caption talks about: the id of its title (PanelFrame's `panel-<title>`). */
export type PanelId =
  | "panel-history-ring"
  | "panel-waiting-room"
  | "panel-freshness-timeline"
  | "panel-decisions"
  | "panel-etcd-load"
  | "panel-metrics";
