import * as v from "valibot";
import { type CallRecord, runSteps } from "../harness/apiserver.ts";
import { applyE, E_OPS, HarnessEInput, newHarnessE } from "../harness/etcd.ts";
import { parseSteps } from "../schema/ops.ts";
import { defineKind, isRunStop, skip } from "./kind.ts";
import { diffListResults, ListResult, startList } from "./list-results.ts";

// Kinds `scenario.consistentList` and `scenario.list` (harness E): upstream's shared storage
// suite run through the cacher over a real etcd.

const Expected = v.strictObject({ results: v.array(ListResult) });

const scenarioList = defineKind({
  input: HarnessEInput,
  expected: Expected,
  run(input: HarnessEInput) {
    const steps = parseSteps(input.steps, [...E_OPS, "list"] as const);
    if (!steps.ok) return skip(steps.skip);
    const e = newHarnessE(input);
    const records = runSteps(e.rig, steps.steps, (s) => applyE(e, s), { list: startList(e.rig) });
    return isRunStop(records) ? records : [...records.values()];
  },
  compare: (actual: CallRecord<number>[], expected: v.InferOutput<typeof Expected>) =>
    diffListResults(actual, expected.results),
});

export const SCENARIO_LIST_KINDS = {
  "scenario.consistentList": scenarioList,
  "scenario.list": scenarioList,
};
