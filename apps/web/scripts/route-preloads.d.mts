/** Types of route-preloads.mjs (ADR 0056) for the TypeScript tests that use it. */
export const ROUTE_MODULES: { pattern: string; module: string }[];
export function routePreloads(
  manifest: Record<string, { file: string; imports?: string[]; isEntry?: boolean }>,
): { pattern: string; files: string[] }[];
