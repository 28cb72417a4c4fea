// The files a first visit to a public page needs beyond the entry (ADR 0056). The server names
// them in the page it sends (`<link rel="modulepreload">`), so the browser fetches the route's
// chunk with the entry instead of after the entry has run. `npm run build` writes them to
// dist/route-preloads.json from the Vite manifest; the API reads that file (features/seo).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { routeFiles } from './bundle-budget.mjs';

/**
 * Public pages people arrive at from outside (search engines, shared links), with the module
 * each one's route loads on demand (the `lazy` of its route object under src/app/routes). A page
 * missing here still works: its chunk is fetched once the entry has run.
 */
export const ROUTE_MODULES = [
  { pattern: '^/projects/?$', module: 'src/app/routes/projects/projects-route.tsx' },
  { pattern: '^/projects/\\d+/?$', module: 'src/app/routes/projects/project-detail-route.tsx' },
  { pattern: '^/tfx(/external)?/?$', module: 'src/app/routes/library/library-route.tsx' },
  { pattern: '^/tfx/\\d+/?$', module: 'src/app/routes/library/work-route.tsx' },
  { pattern: '^/resources/?$', module: 'src/app/routes/resources/resources-route.tsx' },
  { pattern: '^/resources/\\d+/?$', module: 'src/app/routes/resources/resource-detail-route.tsx' },
  { pattern: '^/user/auth/login/?$', module: 'src/app/routes/auth/login-route.tsx' },
  { pattern: '^/register/?$', module: 'src/app/routes/auth/register-route.tsx' },
];

/**
 * Each page's JavaScript beyond what index.html already loads (the entry and its static
 * imports), as absolute paths. Throws when a module is not in the build (a route renamed).
 */
export function routePreloads(manifest) {
  const entry = new Set(routeFiles(manifest, []));
  return ROUTE_MODULES.map(({ pattern, module }) => ({
    pattern,
    files: routeFiles(manifest, [module])
      .filter((file) => !entry.has(file))
      .map((file) => `/${file}`),
  }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = fileURLToPath(new URL('../dist', import.meta.url));
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const preloads = routePreloads(manifest);
  writeFileSync(join(distDir, 'route-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`);
  console.log(
    `route-preloads.json: ${preloads.length} pages, ${preloads.reduce((n, p) => n + p.files.length, 0)} files`,
  );
}
