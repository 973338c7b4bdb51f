// The kinds of read a client makes, by what it asks for: its own file so that the snapshot and
// the request traces can both name it without importing each other.
export type ReadKind = "rv0" | "consistent" | "notOlderThan" | "exact" | "ryw" | "relist";
