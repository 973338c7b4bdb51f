import * as v from "valibot";
import { parseOrThrow } from "../malformed.ts";
import { GetOptions, Labels, ListOptions, PodSpec, WatchOptions } from "./shared.ts";
import { Bool, Count, Id, Int, Key, Name } from "./values.ts";

// The vectors' ops (docs/conformance.md): the closed vocabulary of ops and their arguments. A kind's `steps` field is read
// as `RawStep[]`; `parseSteps` then types each step, or says which op the kind cannot run (SKIP).

const pod = { namespace: Name, name: Name, rv: Int, nodeName: Name, labels: Labels };
const etcdPod = { namespace: Name, name: Name, nodeName: Name, labels: Labels };

export const OP_SCHEMAS = {
  add: v.strictObject({ op: v.literal("add"), ...pod }),
  update: v.strictObject({ op: v.literal("update"), ...pod }),
  delete: v.strictObject({ op: v.literal("delete"), ...pod }),
  replace: v.strictObject({ op: v.literal("replace"), objects: v.array(PodSpec), rv: Int }),
  updateCache: v.strictObject({
    op: v.literal("updateCache"),
    key: Key,
    rv: Int,
    recordTimeNs: Int,
  }),
  progressAnswer: v.strictObject({ op: v.literal("progressAnswer"), rv: Int }),
  clockStep: v.strictObject({ op: v.literal("clockStep"), durationNs: Count }),
  setPending: v.strictObject({ op: v.literal("setPending") }),
  getAllEventsSince: v.strictObject({ op: v.literal("getAllEventsSince"), id: Id, rv: Int }),
  waitUntilFreshAndGet: v.strictObject({
    op: v.literal("waitUntilFreshAndGet"),
    id: Id,
    await: Bool,
    rv: Int,
    key: Key,
  }),
  waitUntilFreshAndGetList: v.strictObject({
    op: v.literal("waitUntilFreshAndGetList"),
    id: Id,
    await: Bool,
    key: Key,
    opts: ListOptions,
  }),
  list: v.strictObject({ op: v.literal("list"), id: Id, await: Bool, key: Key, opts: ListOptions }),
  get: v.strictObject({ op: v.literal("get"), id: Id, await: Bool, key: Key, opts: GetOptions }),
  watch: v.strictObject({
    op: v.literal("watch"),
    id: Id,
    await: Bool,
    key: Key,
    opts: WatchOptions,
  }),
  etcdCreate: v.strictObject({ op: v.literal("etcdCreate"), ...etcdPod }),
  etcdUpdate: v.strictObject({ op: v.literal("etcdUpdate"), ...etcdPod }),
  etcdDelete: v.strictObject({ op: v.literal("etcdDelete"), namespace: Name, name: Name }),
  etcdWriteOtherKey: v.strictObject({ op: v.literal("etcdWriteOtherKey") }),
  etcdCompact: v.strictObject({ op: v.literal("etcdCompact"), rv: Int }),
} as const;

export type OpName = keyof typeof OP_SCHEMAS;
export type Step<K extends OpName = OpName> = v.InferOutput<(typeof OP_SCHEMAS)[K]>;

/** A step before its op is known: only `op` is checked here. */
export const RawStep = v.looseObject({ op: v.string() });
export type RawStep = v.InferOutput<typeof RawStep>;

export type ParsedSteps<K extends OpName> =
  | { readonly ok: true; readonly steps: Step<K>[] }
  | { readonly ok: false; readonly skip: string };

/**
 * Types every step for a kind that runs the ops `supported`. An op outside that set (or outside
 * the vocabulary) is a SKIP; a step with bad arguments throws (the case is malformed).
 */
export function parseSteps<K extends OpName>(
  raw: readonly RawStep[],
  supported: readonly K[],
): ParsedSteps<K> {
  const steps: Step<K>[] = [];
  for (const [i, step] of raw.entries()) {
    if (!(supported as readonly string[]).includes(step.op)) {
      return { ok: false, skip: `op "${step.op}" not implemented` };
    }
    steps.push(parseOrThrow(OP_SCHEMAS[step.op as K], step, `input.steps[${i}]`) as Step<K>);
  }
  return { ok: true, steps };
}
