import { afterEach, describe, expect, it, vi } from 'vitest';
import { isRefusal, Lane, type LaneLimits, type Refusal, type Ticket } from './lane';
import { laneLimitsFor } from './lanes';

/** A lane on a clock the test moves. */
function laneOf(limits: Partial<LaneLimits> = {}, maxWaitMs = 5_000) {
  let now = 0;
  const lane = new Lane(
    'test',
    { slots: 2, minQueue: 1, maxQueue: 100, initialServiceMs: 100, ...limits },
    { targetWaitMs: 2_000, maxWaitMs, now: () => now },
  );
  return { lane, advance: (ms: number) => (now += ms) };
}

const ticketOf = (outcome: Ticket | Refusal): Ticket => {
  if (isRefusal(outcome)) throw new Error(`refused: ${outcome.refused}`);
  return outcome;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('Lane (ADR 0069)', () => {
  it('when slots are free, requests are admitted at once; beyond them they wait and are admitted in arrival order', async () => {
    const { lane } = laneOf({ slots: 2, minQueue: 3, maxQueue: 3 });
    const first = ticketOf(await lane.enter());
    ticketOf(await lane.enter());
    const order: string[] = [];
    const waiting = ['a', 'b', 'c'].map((name) =>
      lane.enter().then((outcome) => {
        order.push(name);
        return ticketOf(outcome);
      }),
    );
    expect(lane.inFlight).toBe(2);
    expect(lane.queued).toBe(3);

    first.release();
    const a = await waiting[0]!;
    expect(order).toEqual(['a']);
    a.release();
    (await waiting[1]!).release();
    (await waiting[2]!).release();
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('when the queue is at its limit, the next request is refused at once as full, with a Retry-After of at least a second', async () => {
    const { lane } = laneOf({ slots: 1, minQueue: 1, maxQueue: 1 });
    ticketOf(await lane.enter());
    void lane.enter();

    const refused = await lane.enter();

    expect(refused).toEqual({ refused: 'full', retryAfterSeconds: 1 });
    expect(lane.totals.full).toBe(1);
    expect(lane.queued).toBe(1);
  });

  it('when a slot is given back twice, it counts once', async () => {
    const { lane } = laneOf({ slots: 1 });
    const ticket = ticketOf(await lane.enter());
    const next = lane.enter();
    ticket.release();
    ticket.release();
    ticketOf(await next);
    expect(lane.inFlight).toBe(1);
  });

  it('when the measured service time grows, the queue shrinks so the expected wait stays under the target, within its bounds', async () => {
    const { lane, advance } = laneOf({
      slots: 2,
      minQueue: 4,
      maxQueue: 100,
      initialServiceMs: 100,
    });
    // 2 s × 2 slots / 100 ms.
    expect(lane.queueLimit).toBe(40);
    for (let i = 0; i < 100; i += 1) {
      const ticket = ticketOf(await lane.enter());
      advance(1_000);
      ticket.release();
    }
    expect(lane.serviceMs).toBeGreaterThan(900);
    expect(lane.queueLimit).toBe(4);
    for (let i = 0; i < 100; i += 1) {
      const ticket = ticketOf(await lane.enter());
      advance(1);
      ticket.release();
    }
    expect(lane.queueLimit).toBe(100);
  });

  it('when the queue is long, Retry-After says how long the slots take to serve it', async () => {
    const { lane } = laneOf({ slots: 1, minQueue: 10, maxQueue: 10, initialServiceMs: 500 });
    ticketOf(await lane.enter());
    for (let i = 0; i < 10; i += 1) void lane.enter();
    // 11 requests ahead of the next one at 500 ms each, one at a time.
    expect(lane.retryAfterSeconds()).toBe(6);
  });

  it('when a waiting request’s signal aborts (its client went), it leaves the queue, is refused as gone and the next one gets the slot', async () => {
    const { lane } = laneOf({ slots: 1, minQueue: 2, maxQueue: 2 });
    const ticket = ticketOf(await lane.enter());
    const controller = new AbortController();
    const gone = lane.enter(controller.signal);
    const next = lane.enter();

    controller.abort();

    expect((await gone) as Refusal).toMatchObject({ refused: 'gone' });
    expect(lane.queued).toBe(1);
    expect(lane.totals.gone).toBe(1);
    ticket.release();
    ticketOf(await next);
    expect(lane.totals.admitted).toBe(2);
  });

  it('when a request’s signal has already aborted, it is refused as gone without waiting', async () => {
    const { lane } = laneOf();
    const controller = new AbortController();
    controller.abort();
    expect(await lane.enter(controller.signal)).toMatchObject({ refused: 'gone' });
    expect(lane.inFlight).toBe(0);
  });

  it('when a request waits the longest allowed, it is refused as waited', async () => {
    vi.useFakeTimers();
    const { lane } = laneOf({ slots: 1, minQueue: 1, maxQueue: 1 }, 5_000);
    ticketOf(await lane.enter());
    const waiting = lane.enter();

    await vi.advanceTimersByTimeAsync(5_000);

    expect(await waiting).toMatchObject({ refused: 'waited' });
    expect(lane.queued).toBe(0);
    expect(lane.totals.waited).toBe(1);
  });
});

describe('laneLimitsFor (ADR 0069)', () => {
  it('when the pool has 10 connections on 2 cores, main serves 8, sessions 2 and sign-ins 2', () => {
    const limits = laneLimitsFor({ poolSize: 10, workers: 1, cores: 2, threadpool: 4 });
    expect(limits.main.slots).toBe(8);
    expect(limits.session.slots).toBe(2);
    expect(limits.auth.slots).toBe(2);
    expect(limits.auth.maxQueue).toBe(16);
  });

  it('when processes share the cores, each signs in on its share; never on every thread of libuv’s pool', () => {
    expect(laneLimitsFor({ poolSize: 10, workers: 2, cores: 2, threadpool: 4 }).auth.slots).toBe(1);
    expect(laneLimitsFor({ poolSize: 10, workers: 1, cores: 16, threadpool: 4 }).auth.slots).toBe(
      3,
    );
  });

  it('when the pool has one connection, each lane still has a slot', () => {
    const limits = laneLimitsFor({ poolSize: 1, workers: 1, cores: 1, threadpool: 1 });
    expect([limits.main.slots, limits.session.slots, limits.auth.slots]).toEqual([1, 1, 1]);
  });
});
