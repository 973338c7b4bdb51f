import type * as v from "valibot";

// The contract between the runner and one kind's module (documented for plug-in authors at the
// top of kinds/index.ts).

// Branded so that no outcome a kind returns can be mistaken for a stop.
const RUN_STOP: unique symbol = Symbol("RunStop");

/** The run could not produce an outcome to compare: SKIP (unsupported) or FAIL (broken run). */
export interface RunStop {
  readonly [RUN_STOP]: true;
  readonly stop: "skip" | "fail";
  readonly reason: string;
}

export const skip = (reason: string): RunStop => ({ [RUN_STOP]: true, stop: "skip", reason });
export const fail = (reason: string): RunStop => ({ [RUN_STOP]: true, stop: "fail", reason });

export const isRunStop = (value: unknown): value is RunStop =>
  typeof value === "object" && value !== null && RUN_STOP in value;

export interface KindModule<I, E, A> {
  /** The kind's input table (docs/conformance.md, "Kinds") as a strict schema. */
  readonly input: v.GenericSchema<unknown, I>;
  /** The kind's expected table, checked only after the run. */
  readonly expected: v.GenericSchema<unknown, E>;
  /** Builds the case from `input` alone and runs it; returns what happened. */
  run(input: I): A | RunStop;
  /** Every difference between what happened and `expected`, one line each; [] means PASS. */
  compare(actual: A, expected: E): string[];
}

// Erases a module's types for the registry; the runner only ever pairs a module with its own
// parsed input and expected values.
export type AnyKindModule = KindModule<unknown, unknown, unknown>;

export const defineKind = <I, E, A>(module: KindModule<I, E, A>): AnyKindModule =>
  module as unknown as AnyKindModule;

export type KindTable = Readonly<Record<string, AnyKindModule>>;
