import * as v from "valibot";
import { WatchCacheInterval } from "../../sim/apiserver/interval.ts";
import { IntervalBuffer } from "../../sim/apiserver/interval-buffer.ts";
import { diffValue } from "../compare.ts";
import { bareEvent } from "../harness/history.ts";
import { pureKind } from "../harness/pure.ts";
import { Bool, Count, Int } from "../schema/values.ts";
import { defineKind, fail } from "./kind.ts";

// Kinds `intervalBuffer.isFull`, `intervalBuffer.isEmpty` and `intervalBuffer.fill` (upstream
// TestIntervalBufferIsFull, TestIntervalBufferIsEmpty, TestFillBuffer).

const BufferSize = v.pipe(Int, v.minValue(1));

export const intervalBufferIsFullKind = pureKind(
  v.strictObject({ endIndex: Count, bufferSize: BufferSize }),
  v.strictObject({ isFull: Bool }),
  (input) => {
    const buffer = new IntervalBuffer(input.bufferSize);
    buffer.endIndex = input.endIndex;
    return { isFull: buffer.isFull() };
  },
);

export const intervalBufferIsEmptyKind = pureKind(
  v.strictObject({ startIndex: Count, endIndex: Count }),
  v.strictObject({ isEmpty: Bool }),
  (input) => {
    const buffer = new IntervalBuffer();
    buffer.startIndex = input.startIndex;
    buffer.endIndex = input.endIndex;
    return { isEmpty: buffer.isEmpty() };
  },
);

const FillExpected = v.strictObject({ copiedPerFill: v.array(Int), eventsReturned: Int });
type FillOutcome = v.InferOutput<typeof FillExpected>;

export const intervalBufferFillKind = defineKind({
  input: v.strictObject({ eventCount: Count, bufferSize: BufferSize }),
  expected: FillExpected,
  run: ({ eventCount, bufferSize }) => {
    const events = Array.from({ length: eventCount }, (_, i) => bareEvent(`event-${i}`, i, 0));
    const interval = new WatchCacheInterval(
      0,
      eventCount,
      (i) => events[i] ?? null,
      () => true,
      bufferSize,
    );
    const outcome: FillOutcome = { copiedPerFill: [], eventsReturned: 0 };
    for (let i = 0; i < eventCount; i++) {
      if (i % bufferSize === 0) outcome.copiedPerFill.push(interval.fillBuffer());
      const event = interval.buffer.next();
      if (event !== events[i]) return fail(`read ${i}: the buffer did not return event ${i}`);
      outcome.eventsReturned++;
      if (i % bufferSize === bufferSize - 1 && !interval.buffer.isEmpty()) {
        return fail(`after read ${i}: the buffer is not empty`);
      }
    }
    if (!interval.buffer.isEmpty()) return fail("after the last read: the buffer is not empty");
    outcome.copiedPerFill.push(interval.fillBuffer());
    if (!interval.buffer.isEmpty()) return fail("after the extra refill: the buffer is not empty");
    return outcome;
  },
  compare: (actual, expected) => diffValue("expected", actual, expected),
});
