import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { loginWithPassword } from './auth.service';

const loginBody = z.object({
  identifier: z.string().min(1).max(255),
  password: z.string().min(1).max(1024),
});

export async function authRoutes(app: FastifyInstance) {
  /** `POST /api/auth/local {identifier, password}` answers `{jwt, user}` (spec §7). */
  app.post('/api/auth/local', async (request) => {
    const body = loginBody.safeParse(request.body);
    if (!body.success) throw new AppError('VALIDATION', 'identifier and password are required');
    const user = await loginWithPassword(app.db, body.data.identifier, body.data.password);
    return { jwt: app.tokens.sign({ id: user.id }), user };
  });
}
