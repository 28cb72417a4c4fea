import type { FastifyInstance } from 'fastify';

/** An entry on the wire: `{id, attributes}`. */
export interface Entity {
  id: number;
  attributes: Record<string, unknown>;
}

export interface StrapiError {
  status: number;
  name: string;
  message: string;
  details: { errors?: { path: string[]; message: string }[] };
}

/**
 * A Strapi answer. `data` is typed as both an entry and a list so tests can read either without
 * casting; each test knows which one its route answers.
 */
export interface StrapiBody {
  data: Entity & Entity[];
  meta: { pagination: Record<string, number> };
  error?: StrapiError;
}

export interface Answer {
  status: number;
  body: StrapiBody;
  /** The raw body, for checks that a value appears nowhere in it. */
  text: string;
}

/** Sends a request through app.inject and reads the Strapi answer. */
export async function send(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { payload?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await app.inject({
    method,
    url,
    headers: options.headers ?? {},
    ...(options.payload === undefined
      ? {}
      : { payload: options.payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json<StrapiBody>(), text: res.body };
}

/** The populated value of a relation: `entity.attributes[name].data`. */
export const related = (entity: Entity | undefined, name: string): unknown =>
  (entity?.attributes[name] as { data: unknown } | undefined)?.data;
