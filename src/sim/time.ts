// Simulated time is integer nanoseconds, Go's unit, so upstream durations carry over exactly.
export type Nanos = number;

export const NS_PER_US = 1_000;
export const NS_PER_MS = 1_000_000;
export const NS_PER_S = 1_000_000_000;

export const ms = (value: number): Nanos => Math.round(value * NS_PER_MS);
export const seconds = (value: number): Nanos => Math.round(value * NS_PER_S);
export const toSeconds = (ns: Nanos): number => ns / NS_PER_S;
