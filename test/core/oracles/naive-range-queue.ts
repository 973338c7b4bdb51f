import { type RangeCosts, type RangeJob, transferNs } from "../../../src/sim/etcd/range-queue.ts";
import type { Scheduler } from "../../../src/sim/scheduler.ts";
import { requestTimeout } from "../../../src/sim/storage/errors.ts";

// The reference for etcd's range queue (src/sim/etcd/range-queue.ts): every request carries its
// own timers (its timeout while queued, its completion, its expiry while served), a plain array
// is the FIFO, and a free slot goes to the oldest queued request.

interface Request {
  readonly job: RangeJob;
  readonly arrivalNs: number;
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
    const request: Request = { job, arrivalNs: this.scheduler.nowNs, answered: false };
    this.queue.push(request);
    this.pump();
    if (!this.queue.includes(request)) return;
    const deadlineNs = request.arrivalNs + this.costs.requestTimeoutNs;
    this.scheduler.at(deadlineNs, this.kind, 0, () => {
      if (!this.queue.includes(request)) return;
      this.queue = this.queue.filter((r) => r !== request);
      this.costs.answered(job.reason);
      job.fail(requestTimeout());
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
    const doneNs = now + this.costs.latencyNs(now) + transferNs(objects, this.costs.objectBytes);
    const deadlineNs = request.arrivalNs + this.costs.requestTimeoutNs;
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
      job.fail(requestTimeout());
    });
  }
}
