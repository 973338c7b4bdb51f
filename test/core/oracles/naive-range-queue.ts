import type { RangeCosts, RangeJob } from "../../../src/sim/etcd/range-queue.ts";
import { transferNs } from "../../../src/sim/list-costs.ts";
import type { Scheduler } from "../../../src/sim/scheduler.ts";
import { contextDeadlineExceeded } from "../../../src/sim/storage/errors.ts";

// The reference for etcd's range queue (src/sim/etcd/range-queue.ts): every request carries its
// own timers (its deadline while queued, its completion, its deadline while served), a plain
// array is the FIFO, and a free slot goes to the oldest queued request.

interface Request {
  readonly job: RangeJob;
  answered: boolean;
}

export class NaiveRangeQueue {
  inFlight = 0;
  private queue: Request[] = [];
  private readonly scheduler: Scheduler;
  private readonly costs: RangeCosts;
  private readonly kind: number;

  constructor(scheduler: Scheduler, costs: RangeCosts) {
    this.scheduler = scheduler;
    this.costs = costs;
    this.kind = scheduler.kind("naive.range");
  }

  get queued(): number {
    return this.queue.length;
  }

  submit(job: RangeJob): void {
    if (job.deadlineNs <= this.scheduler.nowNs) {
      job.fail(contextDeadlineExceeded());
      return;
    }
    const request: Request = { job, answered: false };
    this.queue.push(request);
    this.pump();
    if (!this.queue.includes(request) || job.deadlineNs === Number.POSITIVE_INFINITY) return;
    this.scheduler.at(job.deadlineNs, this.kind, 0, () => {
      if (!this.queue.includes(request)) return;
      this.queue = this.queue.filter((r) => r !== request);
      this.costs.answered(job.reason);
      job.fail(contextDeadlineExceeded());
    });
  }

  pump(): void {
    while (this.inFlight < this.costs.concurrency(this.scheduler.nowNs)) {
      const next = this.queue.shift();
      if (next === undefined) return;
      this.serve(next);
    }
  }

  private serve(request: Request): void {
    const now = this.scheduler.nowNs;
    const { job } = request;
    const objects = job.start();
    const doneNs =
      now +
      this.costs.latencyNs(now) +
      transferNs(objects, this.costs.objectBytes, this.costs.transfer);
    const deadlineNs = job.deadlineNs;
    this.inFlight++;
    this.scheduler.at(doneNs, this.kind, 1, () => {
      this.inFlight--;
      this.pump();
      if (request.answered) return;
      this.costs.answered(job.reason);
      job.finish();
    });
    if (doneNs <= deadlineNs) return;
    this.scheduler.at(deadlineNs, this.kind, 2, () => {
      request.answered = true;
      this.costs.answered(job.reason);
      job.fail(contextDeadlineExceeded());
    });
  }
}
