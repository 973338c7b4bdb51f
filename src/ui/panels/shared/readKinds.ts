import type { ReadKind } from "../../../model/index.ts";
import { okabeIto } from "./palette.ts";

export interface ReadKindStyle {
  label: string;
  /** What the client asked for, in the words a kubectl user would recognise. */
  hint: string;
  colour: string;
}

// Listed in the order a learner meets them: the cheap path first, then the reads that can wait.
export const readKindOrder: readonly ReadKind[] = [
  "rv0",
  "consistent",
  "ryw",
  "notOlderThan",
  "exact",
  "relist",
];

export const readKindStyles: Record<ReadKind, ReadKindStyle> = {
  rv0: { label: "RV=0", hint: "anything will do", colour: okabeIto.grey },
  consistent: { label: "consistent", hint: 'RV="", newest etcd revision', colour: okabeIto.blue },
  ryw: {
    label: "read-your-write",
    hint: "reads right after its own write",
    colour: okabeIto.purple,
  },
  notOlderThan: { label: "pinned RV=N", hint: "not older than N", colour: okabeIto.green },
  exact: { label: "exact RV=N", hint: "exactly revision N", colour: okabeIto.orange },
  relist: { label: "relist", hint: "a watcher listing again", colour: okabeIto.vermillion },
};
