import type { EtcdServer } from "../etcd/server.ts";
import type { RandomStream } from "../rng.ts";
import type { Scheduler } from "../scheduler.ts";
import type { ApiError } from "../storage/errors.ts";
import type { ListOptions } from "../storage/interfaces.ts";
import { NS_PER_S } from "../time.ts";
import { list } from "./open-loop.ts";
import { podSpec } from "./pods.ts";
import { type ReadDeps, ReadRequest } from "./read-request.ts";

// Read-your-own-write clients (docs/scenarios.md `ryw`): each loops write one pod → read → pause 1 s.
// The read is RV="" (consistent) or pinned at the write's RV (NotOlderThan). When the schedule
// lowers the count, the clients above it stop after their current cycle.

const PAUSE_NS = NS_PER_S;
const MAX_CLIENTS = 5000;

interface Client {
  readonly index: number;
  /** Whether the client should start another cycle. */
  wanted: boolean;
  /** Whether a cycle (write, read or pause) is under way. */
  busy: boolean;
}

export interface RywDeps {
  readonly scheduler: Scheduler;
  readonly etcd: EtcdServer;
  readonly reads: ReadDeps;
  /** The `consistent` limit of `limits`: a consistent read-your-write read lists with it. */
  readonly consistentLimit: number;
  readonly podPick: RandomStream;
  readonly pods: number;
  readonly pinned: boolean;
}

export class RywClients {
  private readonly clients: Client[] = [];
  private readonly deps: RywDeps;
  private readonly cycleKind: number;
  private readonly consistent: ListOptions;

  constructor(deps: RywDeps) {
    this.deps = deps;
    this.consistent = list("", "", deps.consistentLimit);
    this.cycleKind = deps.scheduler.kind("ryw.cycle");
  }

  /** The schedule asks for `count` clients from now on. */
  resize(count: number): void {
    const target = Math.min(MAX_CLIENTS, Math.max(0, Math.floor(count)));
    while (this.clients.length < target) {
      this.clients.push({ index: this.clients.length, wanted: false, busy: false });
    }
    for (const client of this.clients) {
      client.wanted = client.index < target;
      if (client.wanted && !client.busy) this.cycle(client);
    }
  }

  private cycle(client: Client): void {
    if (!client.wanted) {
      client.busy = false;
      return;
    }
    client.busy = true;
    const { etcd, podPick, pods } = this.deps;
    const rv = etcd.writePod(podSpec(podPick.int(pods)));
    etcd.acknowledge(rv, (learned) => this.read(client, learned), client.index);
  }

  private read(client: Client, rv: number): void {
    const opts = this.deps.pinned ? list(`${rv}`, "NotOlderThan", 0) : this.consistent;
    ReadRequest.start(this.deps.reads, "ryw", opts, (_err: ApiError | null) =>
      this.deps.scheduler.after(PAUSE_NS, this.cycleKind, client.index, () => this.cycle(client)),
    );
  }
}
