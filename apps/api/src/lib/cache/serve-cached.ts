import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TableSink } from '../strapi/engine';
import type { AnswerEncoding, ResponseCache } from './response-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-process answer cache (plugins/response-cache.ts, ADR 0007). */
    responseCache: ResponseCache;
  }
}

/** Who the answer is for: the same URL answers differently to different actors. */
function actorKey(request: FastifyRequest): string {
  const actor = request.actor;
  // The role is part of the key: after a role change the old answers are not this actor's any more.
  return actor.kind === 'visitor' ? 'visitor' : `user:${actor.userId}:${actor.role}`;
}

/** The key of a request's answer: who asks and the URL. */
function answerKey(request: FastifyRequest): string {
  return `${actorKey(request)} ${request.url}`;
}

/**
 * Whether `serveCached` would answer this request from the cache, with no statement: admission
 * control then lets it through without waiting for a slot (ADR 0069). The key is only ever set
 * by serveCached, so a route that does not use it never matches.
 */
export function hasCachedAnswer(request: FastifyRequest): boolean {
  const cache = request.server.responseCache;
  return cache.keepsAnswers && cache.hasFresh(answerKey(request));
}

/**
 * JSON text of a value of type `T`: what a cached route sends. The type lets a route with a zod
 * answer schema check, when it compiles, that the text it caches is of the answer's shape.
 */
export type JsonText<T> = string & { readonly __json?: T };

/** A value as the JSON text of its type. */
export const jsonText = <T>(value: T): JsonText<T> => JSON.stringify(value);

/** Answers from this size are compressed (as @fastify/compress's threshold in app.ts). */
const COMPRESS_FROM = 1024;

/** Brotli at quality 4, as @fastify/compress; gzip at its default level. */
const ENCODERS: Record<AnswerEncoding, (text: string) => Buffer> = {
  br: (text) =>
    brotliCompressSync(text, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 4,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
      },
    }),
  gzip: (text) => gzipSync(text),
};

const negotiator = new Negotiator<AnswerEncoding>({ supportedValues: ['br', 'gzip'] });

/** The encoding the client accepts that the cache keeps, preferring Brotli; null for none. */
function encodingFor(request: FastifyRequest): AnswerEncoding | null {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && header !== '' ? negotiator.negotiate(header) : null;
}

/**
 * Answers a read route from the cache, or computes, stores and answers it. `compute` answers the
 * JSON text (the engine renders it in the database) and reports the tables it read into the sink;
 * the entry lives until one of them changes (ADR 0007). The promise is typed as the answer (`T`)
 * for the route's schema; it resolves once the reply is sent, which Fastify takes as handled.
 */
export async function serveCached<T = unknown>(
  request: FastifyRequest,
  reply: FastifyReply,
  compute: (tables: TableSink) => Promise<JsonText<T>>,
): Promise<T> {
  return await sendCached(request, reply, compute);
}

async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  compute: (tables: TableSink) => Promise<string>,
): Promise<FastifyReply> {
  const cache = request.server.responseCache;
  const keeps = cache.keepsAnswers;
  const key = answerKey(request);
  const hit = keeps ? cache.getAnswer(key) : undefined;
  void reply.type('application/json; charset=utf-8');
  if (hit !== undefined) {
    void reply.header('x-cache', 'hit');
    const encoding = hit.body.length >= COMPRESS_FROM ? encodingFor(request) : null;
    if (!encoding) return reply.send(hit.body);
    // The bytes the cache keeps in this encoding (made on the first hit that asks): the answer
    // is sent as it is, and @fastify/compress leaves an encoded answer alone (ADR 0056).
    const bytes = cache.encodedAnswer(key, hit, encoding, () => ENCODERS[encoding](hit.body));
    const vary = reply.getHeader('vary');
    return reply
      .header('content-encoding', encoding)
      .header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding')
      .send(bytes);
  }
  const before = cache.snapshot();
  const tables: TableSink = new Set();
  const body = await compute(tables);
  if (request.server.config.env !== 'production') checkAnswer(request, body);
  if (keeps) cache.set(key, body, before, tables);
  return reply.header('x-cache', keeps && cache.enabled ? 'miss' : 'off').send(body);
}

/**
 * A cached answer is JSON text the database renders, which Fastify sends without serialising, so
 * the route's answer schema never sees it. Outside production it is checked here, once per
 * computed answer, so that every test of a cached route also proves its contract (ADR 0030).
 */
function checkAnswer(request: FastifyRequest, body: string) {
  const responses = (request.routeOptions.schema as { response?: Record<number, unknown> })
    ?.response;
  const schema = responses?.[200];
  if (!(schema instanceof z.ZodType)) return;
  const result = schema.safeParse(JSON.parse(body));
  if (!result.success) {
    throw new Error(
      `The answer of ${request.method} ${request.routeOptions.url ?? request.url} does not match its schema: ${z.prettifyError(result.error)}`,
    );
  }
}
