import type { KindTable } from "./kind.ts";

// Owned by engineer "delegator": register delegator.*, cacher.watch* and scenario.* kinds here.
// Until then they are SKIP.
export const DELEGATOR_KINDS: KindTable = {};
