import { CACHER_WATCH_KINDS } from "./cacher-watch.ts";
import { delegatorGet } from "./delegator-get.ts";
import { DELEGATOR_GET_LIST_KINDS } from "./delegator-get-list.ts";
import { delegatorShouldDelegateListTable } from "./delegator-should-delegate-list-table.ts";
import type { KindTable } from "./kind.ts";
import { SCENARIO_LIST_KINDS } from "./scenario-list.ts";

// The delegator, cacher-watch and scenario kinds (harnesses C and E, and the delegation table).
export const DELEGATOR_KINDS: KindTable = {
  "delegator.shouldDelegateList.table": delegatorShouldDelegateListTable,
  ...DELEGATOR_GET_LIST_KINDS,
  "delegator.get": delegatorGet,
  ...CACHER_WATCH_KINDS,
  ...SCENARIO_LIST_KINDS,
};
