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
  if (hasPrototypeKey(input)) {
    return {
      [QUERY_PARSE_ERROR]: 'keys named __proto__, constructor or prototype are not allowed',
    };
  }
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

const FORBIDDEN_KEY = /(?:^|[&[.\]])(?:__proto__|constructor|prototype)(?:[\]=&[.]|$)/;

/**
 * qs drops prototype keys silently; a request that names one is refused instead (issue 3
 * Hardening), whether written plainly or percent-encoded.
 */
function hasPrototypeKey(input: string): boolean {
  let decoded = input;
  try {
    decoded = decodeURIComponent(input.replace(/\+/g, ' '));
  } catch {
    // Malformed escapes: qs reports them as it parses.
  }
  return FORBIDDEN_KEY.test(input) || FORBIDDEN_KEY.test(decoded);
}
