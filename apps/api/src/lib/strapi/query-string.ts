import qs from 'qs';

/** Marker left by the query parser when the query string could not be parsed. */
export const QUERY_PARSE_ERROR = Symbol('queryParseError');

/**
 * Parses query strings the way Strapi v4 does (qs, bracket notation). A query nested deeper than
 * qs allows is an error rather than a silently flattened key, and the error is reported by the
 * route as a 400 (the parser itself cannot answer the request).
 */
export function parseQueryString(input: string): Record<string | symbol, unknown> {
  if (input.length === 0) return {};
  try {
    return qs.parse(input, {
      depth: 20,
      strictDepth: true,
      arrayLimit: 100,
      parameterLimit: 1000,
      allowPrototypes: false,
      ignoreQueryPrefix: true,
    }) as Record<string | symbol, unknown>;
  } catch (error) {
    return { [QUERY_PARSE_ERROR]: error instanceof Error ? error.message : 'Invalid query string' };
  }
}
