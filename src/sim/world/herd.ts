import { list } from "./open-loop.ts";
import { type ReadDeps, ReadRequest } from "./read-request.ts";

/**
 * A herd (docs/scenarios.md `herd=N@T`): N clients each send one consistent LIST now, with the
 * `consistent` limit of `limits`, then retry.
 */
export function startHerd(reads: ReadDeps, clients: number, limit: number): void {
  const opts = list("", "", limit);
  for (let i = 0; i < clients; i++) ReadRequest.start(reads, "consistent", opts, null);
}
