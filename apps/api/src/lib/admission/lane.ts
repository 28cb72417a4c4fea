/**
 * One lane of admission control (ADR 0069): a number of slots served at once and a bounded,
 * first-come-first-served queue in front of them. The queue is as long as the measured service
 * time allows for the expected wait to stay under a target: a request that would wait longer is
 * refused at once (503 with Retry-After), rather than after seconds spent waiting for a database
 * connection it would not get in time. Pure: no Fastify, no database.
 */

/** How many a lane serves at once and how long its queue may grow. */
export interface LaneLimits {
  /** Requests served at once. */
  slots: number;
  /** Fewest requests that may wait, whatever the measured service time says. */
  minQueue: number;
  /** Most requests that may wait, however fast the service (bounds memory). */
  maxQueue: number;
  /** Milliseconds a request is assumed to hold its slot before any is measured. */
  initialServiceMs: number;
}

export interface LaneTiming {
  /** The wait the queue is sized for, ms: `queue ≤ target × slots / service time`. */
  targetWaitMs: number;
  /** A request that waited this long is refused (a safety net: the sizing should prevent it). */
  maxWaitMs: number;
  now?: () => number;
}

/** A held slot. `release()` gives it back (once; later calls do nothing). */
export interface Ticket {
  release(): void;
}

/**
 * Why a request was not admitted: the queue was `full`, it `waited` the longest allowed, or its
 * client was `gone` before its turn (nothing is answered then: nobody is listening).
 */
export interface Refusal {
  refused: 'full' | 'waited' | 'gone';
  /** Seconds a client should wait before trying again: the time to serve the queue, ≥ 1. */
  retryAfterSeconds: number;
}

export const isRefusal = (outcome: Ticket | Refusal): outcome is Refusal => 'refused' in outcome;

/** Weight of each new measurement in the average: about the last 20 count. */
const EWMA_WEIGHT = 0.1;
/** Retry-After never says more than this: past it, a client had better hear from us again. */
const MAX_RETRY_AFTER_S = 60;

interface Waiter {
  resolve(outcome: Ticket | Refusal): void;
  timer: NodeJS.Timeout;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/**
 * An exponentially weighted moving average, of the time a slot is held here: recent requests
 * count most, so the estimate follows a database that slows down or recovers within seconds.
 */
export class Ewma {
  constructor(
    private value: number,
    private readonly weight = EWMA_WEIGHT,
  ) {}

  get current(): number {
    return this.value;
  }

  add(sample: number): void {
    this.value += this.weight * (sample - this.value);
  }
}

export class Lane {
  private inFlightCount = 0;
  /** Insertion order is arrival order (FIFO); a waiter that leaves is deleted in O(1). */
  private readonly waiting = new Set<Waiter>();
  private readonly service: Ewma;
  private readonly now: () => number;
  /** Totals since the process started, for /metrics. */
  readonly totals = { admitted: 0, full: 0, waited: 0, gone: 0 };

  constructor(
    readonly name: string,
    readonly limits: LaneLimits,
    private readonly timing: LaneTiming,
  ) {
    if (limits.slots < 1 || limits.minQueue < 0 || limits.maxQueue < limits.minQueue) {
      throw new Error(`lane ${name}: slots ≥ 1 and 0 ≤ minQueue ≤ maxQueue`);
    }
    this.service = new Ewma(Math.max(1, limits.initialServiceMs));
    this.now = timing.now ?? Date.now;
  }

  get inFlight(): number {
    return this.inFlightCount;
  }

  get queued(): number {
    return this.waiting.size;
  }

  /** Measured time a slot is held, ms. */
  get serviceMs(): number {
    return this.service.current;
  }

  /**
   * How many may wait now: as many as the slots serve within the target wait at the measured
   * service time (Little's law), within the lane's bounds.
   */
  get queueLimit(): number {
    const { slots, minQueue, maxQueue } = this.limits;
    const fits = Math.floor((this.timing.targetWaitMs * slots) / Math.max(0.1, this.serviceMs));
    return Math.min(maxQueue, Math.max(minQueue, fits));
  }

  /** Seconds until the requests waiting now (and one more) would be served, at least 1. */
  retryAfterSeconds(): number {
    const waitMs = ((this.queued + 1) * this.serviceMs) / this.limits.slots;
    return Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil(waitMs / 1000)));
  }

  /** A slot at once when one is free and nobody waits for it; undefined otherwise. */
  tryEnter(): Ticket | undefined {
    if (this.inFlightCount >= this.limits.slots || this.waiting.size > 0) return undefined;
    return this.grant();
  }

  /**
   * A slot, at once or in arrival order; a refusal when the queue is full (at once), when the
   * request waited `maxWaitMs`, or when `signal` aborts (its client went) before its turn, in
   * which case it leaves the queue and never holds a slot.
   */
  enter(signal?: AbortSignal): Promise<Ticket | Refusal> {
    if (signal?.aborted) return Promise.resolve(this.refuse('gone'));
    const ticket = this.tryEnter();
    if (ticket) return Promise.resolve(ticket);
    if (this.waiting.size >= this.queueLimit) return Promise.resolve(this.refuse('full'));
    return new Promise((resolve) => {
      const waiter: Waiter = {
        resolve,
        signal,
        timer: setTimeout(() => this.leave(waiter, 'waited'), this.timing.maxWaitMs),
        onAbort: () => this.leave(waiter, 'gone'),
      };
      // A test or an idle process must not be kept alive by a waiting request's timer.
      waiter.timer.unref();
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiting.add(waiter);
    });
  }

  private leave(waiter: Waiter, reason: 'waited' | 'gone') {
    if (!this.waiting.delete(waiter)) return;
    this.settle(waiter);
    waiter.resolve(this.refuse(reason));
  }

  private settle(waiter: Waiter) {
    clearTimeout(waiter.timer);
    waiter.signal?.removeEventListener('abort', waiter.onAbort);
  }

  private refuse(reason: Refusal['refused']): Refusal {
    this.totals[reason] += 1;
    return { refused: reason, retryAfterSeconds: this.retryAfterSeconds() };
  }

  private grant(): Ticket {
    this.inFlightCount += 1;
    this.totals.admitted += 1;
    const started = this.now();
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        this.inFlightCount -= 1;
        this.service.add(this.now() - started);
        this.next();
      },
    };
  }

  /** Hands freed slots to the longest waiting requests. */
  private next() {
    while (this.inFlightCount < this.limits.slots) {
      const first = this.waiting.values().next();
      if (first.done) return;
      const waiter = first.value;
      this.waiting.delete(waiter);
      this.settle(waiter);
      waiter.resolve(this.grant());
    }
  }
}
