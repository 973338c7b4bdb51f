import { QUARTER_POINT_EVENT } from "../../../content/quarter-point.ts";
import type { CodeBlock } from "./codeBlock.ts";

// No request stands on these lines: the ring resizes as events arrive (upstream: watch_cache_history.go updateCache calls resizeCacheLocked).
export const RESIZE_CACHE_LOCKED: CodeBlock = {
  id: "resizeCacheLocked",
  name: "resizeCacheLocked",
  where: "the watch cache's history ring, before each event is appended",
  upstreamPath: "cacher/watch_cache_history.go",
  lines: [
    { depth: 0, text: "resizeCacheLocked(eventTime):" },
    {
      depth: 1,
      text: "if the ring is full and its oldest event is younger than the fresh window:",
      note: "75 s by default",
    },
    { depth: 2, text: "grow: capacity = min(2 × capacity, upper bound); return" },
    {
      depth: 1,
      text: `if the ring is full and ${QUARTER_POINT_EVENT} is older than the fresh window:`,
      note: "the ¼ point keeps it from flapping",
    },
    { depth: 2, text: "shrink: capacity = max(capacity / 2, lower bound)" },
    { depth: 1, text: "otherwise: leave the ring as it is" },
  ],
};
