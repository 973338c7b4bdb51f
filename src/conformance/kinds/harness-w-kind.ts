import * as v from "valibot";
import { diffById, diffError, diffValue } from "../compare.ts";
import {
  type CacheOp,
  type CallOutcome,
  HarnessWInput,
  runHarnessW,
  type StartCall,
} from "../harness/watch-cache.ts";
import { type OpName, parseSteps, type Step } from "../schema/ops.ts";
import { ErrorExpectation } from "../schema/shared.ts";
import { Id } from "../schema/values.ts";
import { type AnyKindModule, defineKind, isRunStop, skip } from "./kind.ts";

// A harness-W kind whose expected table is `results`, one entry per call of a single call op:
// its error, then the fields `diffFields` compares.

/** A value compared only when the expectation is not null. */
export const checked = (path: string, actual: unknown, expected: unknown): string[] =>
  expected === null ? [] : diffValue(path, actual, expected);

/** The expected values of one result's own fields. */
export type FieldsOf<F extends v.ObjectEntries> = { readonly [K in keyof F]: v.InferOutput<F[K]> };

type ResultRow = { readonly id: string; readonly error: ErrorExpectation | null };

export function harnessWKind<C extends OpName, T, F extends v.ObjectEntries>(
  ops: readonly (CacheOp | C)[],
  callOp: C,
  start: StartCall<Step<C>, T>,
  resultFields: F,
  diffFields: (path: string, value: T | null, expected: FieldsOf<F>) => string[],
): AnyKindModule {
  const Result = v.strictObject({ id: Id, error: v.nullable(ErrorExpectation), ...resultFields });
  return defineKind<HarnessWInput, { results: unknown[] }, CallOutcome<T>[]>({
    input: HarnessWInput,
    expected: v.strictObject({ results: v.array(Result) }),
    run(input) {
      const steps = parseSteps(input.steps, ops);
      if (!steps.ok) return skip(steps.skip);
      const calls = { [callOp]: start } as Record<C, StartCall<Step<C>, T>>;
      const run = runHarnessW(input, steps.steps, calls);
      return isRunStop(run) ? run : run.outcomes;
    },
    compare: (actual, expected) =>
      diffById("results", actual, expected.results as (ResultRow & FieldsOf<F>)[], (path, a, e) => [
        ...diffError(`${path}.error`, a.error, e.error),
        ...diffFields(path, a.value, e),
      ]),
  });
}
