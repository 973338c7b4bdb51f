// What a run weighs in the checkpoint budget: the bytes it holds on its own, and the spans of
// full chunks it holds in common with the other runs of its scenario (`lib/sealed-chunks.ts`: one
// copy serves every run that wrote them), which count once however many runs hold them.

/** Absolute slots [from, to) of one run's shared column (named per simulation and column). */
export interface SharedSpan {
  readonly column: string;
  readonly from: number;
  readonly to: number;
  readonly bytesPerSlot: number;
}

export interface Weight {
  readonly own: number;
  readonly shared: readonly SharedSpan[];
}

/** A weight with nothing shared. */
export const bytesOnly = (own: number): Weight => ({ own, shared: [] });

/** What the run weighs alone: its own bytes and every span it shares. */
export const alone = (weight: Weight): number => totalBytes([weight]);

/** Runs together: their own bytes, and the union of their shared spans, column by column. */
export function totalBytes(weights: readonly Weight[]): number {
  let bytes = 0;
  const byColumn = new Map<string, SharedSpan[]>();
  for (const weight of weights) {
    bytes += weight.own;
    for (const span of weight.shared) {
      if (span.to <= span.from) continue;
      const spans = byColumn.get(span.column) ?? [];
      spans.push(span);
      byColumn.set(span.column, spans);
    }
  }
  for (const spans of byColumn.values()) {
    spans.sort((a, b) => a.from - b.from);
    let reached = Number.NEGATIVE_INFINITY;
    for (const { from, to, bytesPerSlot } of spans) {
      const start = Math.max(from, reached);
      if (to > start) bytes += (to - start) * bytesPerSlot;
      reached = Math.max(reached, to);
    }
  }
  return bytes;
}
