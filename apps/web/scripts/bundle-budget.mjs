// The bundle-size budget (ADR 0056): how much compressed JavaScript a first visit to a route
// downloads, read from the Vite manifest of a build, and a check that fails above the budget.
// `npm run build` runs it after `vite build`; the e2e project's bundle-budget test runs it on the
// build its global setup makes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Budgets in bytes of Brotli-compressed JavaScript (what the server sends, ADR 0056), per route:
 * the modules its route objects load on demand (routes.tsx), beyond the entry every page loads
 * (the home page is in the entry: a visitor's first screen does not wait for a second request).
 *
 * The goals are 120 KB for / and 170 KB for /projects; both are met (117.4 KB and 130.3 KB since
 * a first visit's modules share one chunk, ADR 0062). /projects keeps a ratchet a little above
 * what the build measures (docs/performance.md): lower it as the page shrinks.
 */
export const BUDGETS = {
  '/': { budget: 120 * 1024, modules: [] },
  '/projects': { budget: 134 * 1024, modules: ['src/app/routes/projects/projects-route.tsx'] },
};

/**
 * The JavaScript files a first visit to a route downloads: the entry with everything it imports
 * statically, and each of the route's lazy modules with everything they import statically (Vite
 * preloads those imports with the module).
 */
export function routeFiles(manifest, modules) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  for (const key of [...entries, ...modules]) visit(key);
  return [...files].filter((file) => file.endsWith('.js'));
}

/** Sizes of a route's JavaScript in bytes: as built, gzip and Brotli (both at their best). */
export function measureRoute(distDir, modules) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const files = routeFiles(manifest, modules);
  const size = { files, raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const data = readFileSync(join(distDir, file));
    size.raw += data.length;
    size.gzip += gzipSync(data, { level: 9 }).length;
    size.brotli += brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
  }
  return size;
}

/** Every budgeted route measured; `over` lists the routes above their budget. */
export function checkBudgets(distDir, budgets = BUDGETS) {
  const routes = Object.entries(budgets).map(([path, { budget, modules }]) => ({
    path,
    budget,
    ...measureRoute(distDir, modules),
  }));
  return { routes, over: routes.filter((route) => route.brotli > route.budget) };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = fileURLToPath(new URL('../dist', import.meta.url));
  const { routes, over } = checkBudgets(distDir);
  for (const route of routes) {
    console.log(
      `${route.path}: ${route.files.length} JS files, ${kb(route.raw)} built, ${kb(route.gzip)} gzip, ` +
        `${kb(route.brotli)} brotli (budget ${kb(route.budget)} brotli)`,
    );
  }
  if (over.length > 0) {
    for (const route of over) {
      console.error(
        `Bundle budget exceeded on ${route.path}: ${kb(route.brotli)} of compressed JavaScript, ` +
          `budget ${kb(route.budget)} (apps/web/scripts/bundle-budget.mjs, ADR 0056).`,
      );
    }
    process.exit(1);
  }
}
