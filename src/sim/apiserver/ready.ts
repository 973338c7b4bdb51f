import type { Nanos } from "../time.ts";

// The cacher's readiness: Pending ⇄ Ready → Stopped, with a generation that changes each time it
// becomes Ready, so a watch set up across a relist can tell (upstream: cacher/ready.go).
// upstream: cacher/ready.go

export type ReadyState = "Pending" | "Ready" | "Stopped";

export interface ReadyCheck {
  /** Time since the state last changed (drives the unready Retry-After). */
  readonly downtimeNs: Nanos;
  /** null when Ready; otherwise the error text upstream returns. */
  readonly error: string | null;
  readonly generation: number;
}

export class CacherReady {
  private stateValue: ReadyState = "Pending";
  private generationValue = 0;
  private lastErr: string | null = null;
  private lastStateChangeNs: Nanos;
  private readonly now: () => Nanos;

  constructor(now: () => Nanos) {
    this.now = now;
    this.lastStateChangeNs = now();
  }

  get state(): ReadyState {
    return this.stateValue;
  }
  get generation(): number {
    return this.generationValue;
  }

  // upstream: ready.go check / checkAndReadGeneration
  check(): ReadyCheck {
    return {
      downtimeNs: this.now() - this.lastStateChangeNs,
      error: this.errorText(),
      generation: this.generationValue,
    };
  }

  // upstream: ready.go setReady
  setReady(): void {
    this.set(true, null);
  }

  /** Back to Pending (a failed ListAndWatch); `err` is kept for the 429's message. */
  // upstream: ready.go setError
  setPending(err: string | null = null): void {
    this.set(false, err);
  }

  // upstream: ready.go stop
  stop(): void {
    if (this.stateValue === "Stopped") return;
    this.stateValue = "Stopped";
    this.lastStateChangeNs = this.now();
  }

  private set(ok: boolean, err: string | null): void {
    if (this.stateValue === "Stopped") return;
    if (ok && this.stateValue === "Pending") {
      this.stateValue = "Ready";
      this.generationValue++;
      this.lastStateChangeNs = this.now();
    } else if (!ok && this.stateValue === "Ready") {
      this.stateValue = "Pending";
      this.lastStateChangeNs = this.now();
    }
    this.lastErr = err;
  }

  private errorText(): string | null {
    switch (this.stateValue) {
      case "Ready":
        return null;
      case "Pending":
        return this.lastErr === null
          ? "storage is (re)initializing"
          : `storage is (re)initializing: ${this.lastErr}`;
      case "Stopped":
        return "apiserver cacher is stopped";
    }
  }
}
