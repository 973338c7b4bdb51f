import * as v from "valibot";
import { plainError } from "../../sim/storage/errors.ts";
import type {
  Done,
  ListOptions,
  Storage,
  StorageListResult,
} from "../../sim/storage/interfaces.ts";
import { RawStep, type Step } from "../schema/ops.ts";
import { FeatureGates, StorageMock } from "../schema/shared.ts";
import { Bool, Count, Text } from "../schema/values.ts";
import { ApiserverRig } from "./apiserver.ts";
import { podOf } from "./history.ts";
import { limitValidChecks } from "./interval-validator.ts";

// Harness C (docs/conformance.md): upstream's newTestCacher over a MockStorage. The cacher has listed
// `initialObjects` at `initialListRV` and is Ready at t0; later calls to storage answer at once
// as the mock says, RequestWatchProgress is counted and never answered.

export const HarnessCInput = v.strictObject({
  featureGates: FeatureGates,
  consistentReadSupported: Bool,
  eventFreshDurationNs: Count,
  storage: StorageMock,
  intervalValidatorValidChecks: v.nullable(Count),
  clockMode: v.picklist(["auto"]),
  steps: v.array(RawStep),
  setup: Text,
});
export type HarnessCInput = v.InferOutput<typeof HarnessCInput>;

type Mock = v.InferOutput<typeof StorageMock>;

// upstream: cacher_test.go MockStorage (the calls the cacher and the delegator make)
export class MockStorage implements Storage {
  /** Includes the cacher's initial LIST. */
  getListCalls = 1;
  getCurrentRvCalls = 0;
  requestWatchProgressCalls = 0;
  private readonly mock: Mock;

  constructor(mock: Mock) {
    this.mock = mock;
  }

  /** GetList plus GetCurrentResourceVersion calls after the cache became ready. */
  get requestsAfterReady(): number {
    return this.getListCalls - 1 + this.getCurrentRvCalls;
  }

  getList(_key: string, opts: ListOptions, _ctx: unknown, done: Done<StorageListResult>): void {
    this.getListCalls++;
    if (this.mock.listError !== null) {
      done(plainError(this.mock.listError), null);
      return;
    }
    const echo = this.mock.listEchoesExactRV && opts.resourceVersionMatch === "Exact";
    const rv = echo ? Number(opts.resourceVersion) : this.mock.listRV;
    done(null, { rv, count: 0, items: () => [], continue: "", remainingItemCount: null });
  }

  get(_key: string, _opts: unknown, _ctx: unknown, done: Done<{ pod: null; rv: number }>): void {
    if (this.mock.getError !== null) {
      done(plainError(this.mock.getError), null);
      return;
    }
    done(null, { pod: null, rv: this.mock.listRV });
  }

  getCurrentResourceVersion(_ctx: unknown, done: Done<number>): void {
    this.getCurrentRvCalls++;
    done(null, this.mock.currentRV);
  }

  requestWatchProgress(): void {
    this.requestWatchProgressCalls++;
  }

  compactRevision(): number {
    return 0;
  }
}

export interface HarnessC {
  readonly rig: ApiserverRig;
  readonly storage: MockStorage;
}

export function newHarnessC(input: HarnessCInput): HarnessC {
  const storage = new MockStorage(input.storage);
  const rig = new ApiserverRig(input, () => storage);
  const validChecks = input.intervalValidatorValidChecks;
  if (validChecks !== null) {
    rig.cacher.indexValidator = limitValidChecks(rig.watchCache.history.isIndexValid, validChecks);
  }
  rig.watchCache.replace(input.storage.initialObjects.map(podOf), input.storage.initialListRV);
  return { rig, storage };
}

/** The ops of harness C that are not calls. */
export const C_OPS = ["add", "update", "delete", "clockStep", "setPending"] as const;

export function applyC(rig: ApiserverRig, step: Step): void {
  const now = rig.scheduler.nowNs;
  switch (step.op) {
    case "add":
    case "update":
    case "delete": {
      const type = step.op === "add" ? "ADDED" : step.op === "update" ? "MODIFIED" : "DELETED";
      rig.watchCache.processEvent(type, podOf(step), step.rv, now);
      return;
    }
    case "clockStep":
      rig.scheduler.runUntil(now + step.durationNs);
      return;
    case "setPending":
      rig.cacher.setPending();
      return;
    default:
      throw new Error(`harness C: op ${step.op} is not a harness-C op`);
  }
}
