import type { FastifyInstance } from 'fastify';

/**
 * Email: the outbox sender (delivery with retries) and the communication routes of spec §7.
 * Being built in this issue (issue 3 Email).
 */
export async function emailPlugin(_app: FastifyInstance) {}
