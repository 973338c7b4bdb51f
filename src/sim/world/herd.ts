import { CONSISTENT_LIST } from "./open-loop.ts";
import { type ReadDeps, ReadRequest } from "./read-request.ts";

/** A herd (docs/scenarios.md `herd=N@T`): N clients each send one consistent LIST now, then retry. */
export function startHerd(reads: ReadDeps, clients: number): void {
  for (let i = 0; i < clients; i++) ReadRequest.start(reads, "consistent", CONSISTENT_LIST, null);
}
