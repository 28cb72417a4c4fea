import { AsyncLocalStorage } from 'node:async_hooks';
import { availableParallelism } from 'node:os';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ADMISSION_TEXTS } from '../lib/admission/admission.texts';
import { isRefusal, type Lane, type Refusal, type Ticket } from '../lib/admission/lane';
import {
  createLanes,
  laneLimitsFor,
  type LaneName,
  type LaneOverrides,
} from '../lib/admission/lanes';
import { hasCachedAnswer } from '../lib/cache/serve-cached';
import { refusal } from '../lib/errors';
import { sendError } from './error-handler';

/**
 * How a route's requests are admitted (ADR 0069):
 * - `'main'` (the default): they wait for a slot of the lane in front of the database;
 * - `'auth'`: for one of the lane of password hashing (argon2id);
 * - `'optional'`: a main slot when one can be had, otherwise they run without one, told so by
 *   `request.admissionRefused`, and must then touch no database (the page shell: the plain page);
 * - `false`: they never wait: no database work (files, robots.txt, the API's documentation) or a
 *   probe that must answer even under load (health checks, metrics).
 */
export type AdmissionMode = 'main' | 'auth' | 'optional' | false;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's admission (plugins/admission.ts, ADR 0069); `'main'` when absent. */
    admission?: AdmissionMode;
  }
  interface FastifyInstance {
    /** Admission control of this process (ADR 0069). */
    admission: Admission;
  }
  interface FastifyRequest {
    /** An `optional` route's request that runs without its slot: it must not use the database. */
    admissionRefused: boolean;
  }
}

export interface Admission {
  readonly lanes: Readonly<Record<LaneName, Lane>>;
  /**
   * Runs `fn` holding a slot of `lane`, given back when it settles. Throws AdmissionRefused when
   * the lane refuses (full, waited too long, or the client of `reply` went while it waited):
   * answer it with `answerRefusal`.
   */
  run<T>(lane: LaneName, reply: FastifyReply, fn: () => Promise<T>): Promise<T>;
}

export class AdmissionRefused extends Error {
  override name = 'AdmissionRefused';
  constructor(readonly refusal: Refusal) {
    super(`admission refused: ${refusal.refused}`);
  }
}

export interface AdmissionOptions {
  /** Lane limits instead of those computed from the pool and the machine (tests). */
  lanes?: LaneOverrides | undefined;
}

/**
 * Answers a refusal: 503 `ServiceUnavailableError` in the Strapi envelope with a Spanish message
 * and `Retry-After` (the time the lane needs to serve its queue); nothing at all when the client
 * is gone, since nobody would read it (the request ends here, its work never starts).
 */
export function answerRefusal(
  request: FastifyRequest,
  reply: FastifyReply,
  { refused, retryAfterSeconds }: Refusal,
): FastifyReply {
  if (refused === 'gone') {
    request.log.debug('the client went while its request waited for admission');
    reply.hijack();
    reply.raw.destroy();
    return reply;
  }
  return sendError(
    reply,
    refusal('UNAVAILABLE', ADMISSION_TEXTS.busy, { retryAfter: retryAfterSeconds }),
  );
}

/**
 * Waits for a slot of `lane`, the fast way when one is free. A request whose connection closed
 * before its turn (its client went) is refused as `gone`: it leaves the queue at once and never
 * holds a slot.
 */
function enter(lane: Lane, reply: FastifyReply): Ticket | Promise<Ticket | Refusal> {
  const res = reply.raw;
  const closed = () => res.destroyed || reply.request.raw.socket?.destroyed === true;
  if (!closed()) {
    const ticket = lane.tryEnter();
    if (ticket) return ticket;
  }
  const controller = new AbortController();
  const onClose = () => {
    if (!res.writableFinished) controller.abort();
  };
  if (closed()) controller.abort();
  else res.once('close', onClose);
  return lane.enter(controller.signal).finally(() => res.removeListener('close', onClose));
}

const HOLDS = Symbol('admission ticket');
interface Holding {
  ticket: Ticket;
  /** The answer was handed to Fastify (onSend ran): the handler's work is over. */
  answered: boolean;
  /** The connection's answer finished or the connection closed. */
  closed: boolean;
}
type WithHolding = FastifyRequest & { [HOLDS]?: Holding };

/** The request whose slot the current async context runs under (set when a slot is granted). */
interface Serving {
  reply: FastifyReply;
}

/**
 * Admission control (ADR 0069): a bounded FIFO queue per lane in front of the work, answering 503
 * with Retry-After at once when it is full, dropping requests whose client went while they
 * waited, and keeping the bearer's account reads (session) and the password hashing (auth) in
 * lanes of their own so neither waits behind searches and neither starves everyone else.
 *
 * The gate is a `preHandler` hook: after the body is read and validated (a slow upload or a bad
 * request holds no slot), before the route's own work. The slot is given back when the handler
 * has answered and the answer is finished or its connection closed (a client that leaves
 * mid-request does not free a slot its handler still uses).
 */
async function admissionPlugin(app: FastifyInstance, options: AdmissionOptions) {
  const lanes = createLanes(
    laneLimitsFor({
      poolSize: app.config.dbPoolSize,
      workers: app.config.workers,
      cores: availableParallelism(),
      threadpool: Number(process.env.UV_THREADPOOL_SIZE) || 4,
    }),
    options.lanes,
  );
  // A request the server makes of itself while it serves one (the page shell's branding, the
  // drawn page's reads, the email logo: app.inject) runs under the slot of the one that made
  // it: waiting for a second slot could wait for itself.
  const serving = new AsyncLocalStorage<Serving>();
  const insideAdmitted = () => {
    const outer = serving.getStore();
    return outer !== undefined && !outer.reply.raw.writableEnded;
  };

  app.decorate('admission', {
    lanes,
    async run<T>(name: LaneName, reply: FastifyReply, fn: () => Promise<T>): Promise<T> {
      const outcome = await enter(lanes[name], reply);
      if (isRefusal(outcome)) throw new AdmissionRefused(outcome);
      try {
        return await fn();
      } finally {
        outcome.release();
      }
    },
  } satisfies Admission);
  app.decorateRequest('admissionRefused', false);

  const hold = (request: FastifyRequest, reply: FastifyReply, ticket: Ticket) => {
    const holding: Holding = { ticket, answered: false, closed: false };
    (request as WithHolding)[HOLDS] = holding;
    reply.raw.once('close', () => {
      holding.closed = true;
      if (holding.answered) ticket.release();
    });
  };

  app.addHook('preHandler', (request, reply, done) => {
    const mode = request.routeOptions.config.admission ?? 'main';
    if (mode === false || request.is404 || insideAdmitted()) {
      done();
      return;
    }
    // A read the answer cache holds costs no statement: it never waits (ADR 0007).
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (mode !== 'auth' && isRead && hasCachedAnswer(request)) {
      done();
      return;
    }
    const proceed = (ticket: Ticket) => {
      hold(request, reply, ticket);
      serving.run({ reply }, done);
    };
    const outcome = enter(lanes[mode === 'auth' ? 'auth' : 'main'], reply);
    if (!(outcome instanceof Promise)) {
      proceed(outcome);
      return;
    }
    void outcome.then((result) => {
      if (!isRefusal(result)) proceed(result);
      else if (mode === 'optional' && result.refused !== 'gone') {
        request.admissionRefused = true;
        done();
      } else {
        answerRefusal(request, reply, result);
      }
    });
  });

  // The handler answered (or an error did): its work is over once the answer is out.
  app.addHook('onSend', async (request, reply, payload) => {
    const holding = (request as WithHolding)[HOLDS];
    if (holding && !holding.answered) {
      holding.answered = true;
      if (holding.closed || reply.raw.destroyed) holding.ticket.release();
    }
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    (request as WithHolding)[HOLDS]?.ticket.release();
  });
}

export const admission = fp(admissionPlugin, {
  name: 'admission',
  dependencies: ['response-cache'],
});
