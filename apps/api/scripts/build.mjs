// Bundles the API into dist/server.js (workspace packages inlined, node_modules external), with the
// PDF reader's and the embedded database's worker threads beside it (dist/pdf-text.worker.js,
// dist/pglite.worker.js), and copies the SQL migrations,
// so `node dist/server.js` runs without TypeScript tooling.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url);
await rm(new URL('dist', root), { recursive: true, force: true });
await build({
  entryPoints: {
    server: new URL('src/server.ts', root).pathname,
    'migrate-cli': new URL('src/db/migrate-cli.ts', root).pathname,
    'seed-cli': new URL('src/seed/seed-cli.ts', root).pathname,
    // npm run admin:create (ADR 0064).
    'admin-create': new URL('src/cli/admin-create.ts', root).pathname,
    // The PDF reader's worker thread (ADR 0042): pdf-text.ts loads it from beside the bundle.
    'pdf-text.worker': new URL('src/features/library/pdf-text.worker.ts', root).pathname,
    // The embedded database's thread (ADR 0058): db/pglite-thread.ts loads it from beside the bundle.
    'pglite.worker': new URL('src/db/pglite.worker.ts', root).pathname,
  },
  outdir: new URL('dist', root).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  packages: 'external',
  // The shared workspace package is TypeScript source: bundle it instead of importing it at run time.
  alias: { '@plataforma/shared': new URL('../../packages/shared/src/index.ts', root).pathname },
  logLevel: 'warning',
});
await cp(new URL('src/db/migrations', root), new URL('dist/migrations', root), { recursive: true });
