import type { ApiError } from "../storage/errors.ts";
import type { Done, ListOptions, StorageListResult } from "../storage/interfaces.ts";
import type { RequestContext } from "../storage/request-context.ts";

// A LIST the delegator or the cacher passed on and waits to hear back about. Thousands a second
// wait, and a closure for each (with its context) was a large share of the read path's garbage,
// so the waiting calls are pooled: taken when passed on, returned once answered (every callee
// answers exactly once), before the answer goes out.

const MAX_SPARE = 4096;

export class PendingList<R> {
  key = "";
  opts: ListOptions | null = null;
  ctx: RequestContext | null = null;
  done: Done<StorageListResult> | null = null;
  /** The delegator's decision, kept for the answer. */
  consistentRead = false;
  private readonly onAnswer: (call: PendingList<R>, err: ApiError | null, result: R | null) => void;
  /**
   * The callback the callee answers through, bound to this call once, when it is made: a bound
   * method rather than an arrow, which was a function and a context per call, and the largest
   * scenario holds hundreds of thousands of calls waiting for etcd.
   */
  readonly answered: (err: ApiError | null, result: R | null) => void = this.answer.bind(this);

  constructor(onAnswer: (call: PendingList<R>, err: ApiError | null, result: R | null) => void) {
    this.onAnswer = onAnswer;
  }

  private answer(err: ApiError | null, result: R | null): void {
    this.onAnswer(this, err, result);
  }
}

export class PendingLists<R> {
  private readonly spare: PendingList<R>[] = [];
  private readonly onAnswer: (call: PendingList<R>, err: ApiError | null, result: R | null) => void;

  constructor(onAnswer: (call: PendingList<R>, err: ApiError | null, result: R | null) => void) {
    this.onAnswer = onAnswer;
  }

  take(
    key: string,
    opts: ListOptions,
    ctx: RequestContext,
    done: Done<StorageListResult>,
  ): PendingList<R> {
    const call = this.spare.pop() ?? new PendingList(this.onAnswer);
    call.key = key;
    call.opts = opts;
    call.ctx = ctx;
    call.done = done;
    return call;
  }

  /**
   * Puts `call` back in the pool: the caller reads what it held first (a result object per
   * answer was garbage at thousands a second).
   */
  release(call: PendingList<R>): void {
    if (call.opts === null || call.ctx === null || call.done === null) {
      throw new Error("a LIST answered twice");
    }
    call.opts = call.ctx = call.done = null;
    if (this.spare.length < MAX_SPARE) this.spare.push(call);
  }
}
