import type * as v from "valibot";
import { diffValue } from "../compare.ts";
import { type AnyKindModule, defineKind } from "../kinds/kind.ts";

// Harness "pure" (docs/conformance.md): the input fields are one function's arguments and the expected
// fields its results, so the outcome has the expected table's shape and is compared exactly.

export function pureKind<I, E>(
  input: v.GenericSchema<unknown, I>,
  expected: v.GenericSchema<unknown, E>,
  run: (input: I) => E,
): AnyKindModule {
  return defineKind<I, E, E>({
    input,
    expected,
    run,
    compare: (actual, want) => diffValue("expected", actual, want),
  });
}
