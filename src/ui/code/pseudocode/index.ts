import { CACHE_LIST } from "./cacheList.ts";
import { CLIENT } from "./client.ts";
import type { CodeBlock } from "./codeBlock.ts";
import { GET_LIST } from "./getList.ts";
import { RESIZE_CACHE_LOCKED } from "./resizeCacheLocked.ts";
import { SHOULD_DELEGATE_LIST } from "./shouldDelegateList.ts";
import { WAIT_UNTIL_FRESH } from "./waitUntilFresh.ts";

/** The blocks in the order a LIST meets them. */
export const CODE_BLOCKS: readonly CodeBlock[] = [
  CLIENT,
  GET_LIST,
  SHOULD_DELEGATE_LIST,
  CACHE_LIST,
  WAIT_UNTIL_FRESH,
  RESIZE_CACHE_LOCKED,
];
