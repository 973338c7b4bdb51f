import type { PointJob } from "../sweep/point.ts";
import { runPoint } from "../sweep/point.ts";
import type { WorkerReply } from "./protocol.ts";

// A sweep's point in a worker of the Sweep dialog's pool: the run the command line makes of the
// same text (sweep/point.ts), here in one go, since such a worker hosts no live run whose frames it
// would hold up. A point that throws is answered with its error; the worker stays alive.

export function sweepPointReply(requestId: number, job: PointJob): WorkerReply {
  try {
    return { type: "sweepPoint", requestId, result: runPoint(job) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { type: "sweepPointError", requestId, message };
  }
}
