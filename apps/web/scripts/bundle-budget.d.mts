/** Types of bundle-budget.mjs (ADR 0056) for the TypeScript tests that use it. */
export interface RouteBudget {
  budget: number;
  modules: string[];
}
export interface RouteSize {
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
}
export const BUDGETS: Record<string, RouteBudget>;
export function routeFiles(
  manifest: Record<string, { file: string; imports?: string[]; isEntry?: boolean }>,
  modules: string[],
): string[];
export function measureRoute(distDir: string, modules: string[]): RouteSize;
export function checkBudgets(
  distDir: string,
  budgets?: Record<string, RouteBudget>,
): { routes: (RouteSize & { path: string; budget: number })[]; over: { path: string }[] };
