import type { WatchCache } from "../apiserver/watch-cache.ts";
import type { Scenario } from "../scenario/index.ts";
import type { Scheduler } from "../scheduler.ts";
import type { Apiserver } from "./apiserver.ts";
import type { ReadDeps } from "./read-request.ts";

export interface WatcherDeps {
  readonly scheduler: Scheduler;
  readonly apiserver: Apiserver;
  readonly reads: ReadDeps;
  readonly scenario: () => Scenario;
  readonly cache: WatchCache;
}

export class Watchers {
  private readonly deps: WatcherDeps;
  constructor(deps: WatcherDeps) {
    this.deps = deps;
  }
  resize(_count: number): void {}
  away(_count: number, _durationNs: number): void {}
}
