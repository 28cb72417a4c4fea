import { createRequire } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';

/** Where `npm run dev --workspace apps/api` listens; the dev server forwards these paths to it. */
const API_ORIGIN = 'http://localhost:3000';

/**
 * pdf.js's own data, served from our build under /pdfjs/ (ADR 0040: no CDN): the standard fonts
 * that PDFs name without embedding them, the CJK character maps, the image decoders and the
 * colour profiles. The library's viewer points pdf.js at these folders; they are copied from the
 * installed pdfjs-dist at build time and served from it by the dev server.
 */
function pdfjsAssets(): Plugin {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const folders = ['standard_fonts', 'cmaps', 'wasm', 'iccs'];
  return {
    name: 'pdfjs-assets',
    configureServer(server) {
      server.middlewares.use('/pdfjs', (request, response, next) => {
        const [folder, name] = (request.url ?? '').split('?')[0]!.replace(/^\//, '').split('/');
        if (!folder || !name || !folders.includes(folder) || name.includes('..')) return next();
        try {
          response.end(readFileSync(join(root, folder, name)));
        } catch {
          next();
        }
      });
    },
    generateBundle() {
      for (const folder of folders) {
        for (const name of readdirSync(join(root, folder))) {
          const path = join(root, folder, name);
          if (!statSync(path).isFile()) continue;
          this.emitFile({
            type: 'asset',
            fileName: `pdfjs/${folder}/${name}`,
            source: readFileSync(path),
          });
        }
      }
    },
  };
}

/**
 * The server's build gives its copy of zod a registry of its own. zod keeps the schemas' ids
 * (`.meta({id})`) in one registry per process, on `globalThis`; the API's bundle and this one
 * each carry packages/shared, so drawing a page would register every id a second time, and the
 * API's OpenAPI document would then fail on the duplicates (features/docs, ADR 0030, 0060).
 * The name is replaced in zod's registries module; a zod that no longer has it fails the build.
 */
function privateZodRegistry(): Plugin {
  const GLOBAL_NAME = '__zod_globalRegistry';
  return {
    name: 'private-zod-registry',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]registries\.js$/.test(id)) return null;
      if (!code.includes(GLOBAL_NAME)) {
        throw new Error(`zod's registries module no longer names ${GLOBAL_NAME}: see ADR 0060`);
      }
      return { code: code.replaceAll(GLOBAL_NAME, `${GLOBAL_NAME}_serverRender`), map: null };
    },
  };
}

/**
 * ADR 0062: the modules of ours a first visit runs (the entry and what it imports statically)
 * go in one chunk, with the packages they import. Left to itself, the bundler gives each module
 * the entry shares with a lazy chunk a common chunk of its own (twenty files for `/`), and each
 * file is compressed apart from the others, losing what they have in common (8 KB of Brotli on
 * `/`).
 * Only our own sources are matched: a package's barrel (packages/shared's index) would otherwise
 * bring every module it re-exports, used or not; what they use comes along with them.
 */
function firstVisitChunk(): Rolldown.CodeSplittingNameFunction {
  let firstVisit: Set<string> | undefined;
  return (id, context) => {
    firstVisit ??= staticGraphOfEntry(id, context);
    return firstVisit.has(id) && /[\\/]apps[\\/]web[\\/]src[\\/]/.test(id) ? 'app' : null;
  };
}

/** The entry and the modules it imports statically, directly or not, found from any module. */
function staticGraphOfEntry(anyId: string, context: Rolldown.ChunkingContext): Set<string> {
  const visited = new Set<string>();
  const findEntry = (id: string): string | undefined => {
    if (visited.has(id)) return undefined;
    visited.add(id);
    const info = context.getModuleInfo(id);
    if (!info) return undefined;
    if (info.isEntry) return id;
    for (const importer of [...info.importers, ...info.dynamicImporters]) {
      const entry = findEntry(importer);
      if (entry) return entry;
    }
    return undefined;
  };
  const graph = new Set<string>();
  const entry = findEntry(anyId);
  const pending = entry ? [entry] : [];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (graph.has(id)) continue;
    graph.add(id);
    pending.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return graph;
}

export default defineConfig(({ isSsrBuild }) => ({
  // Pinned so the build works from any working directory (the API serves apps/web/dist).
  root: import.meta.dirname,
  plugins: [
    react(),
    tailwindcss(),
    // The server's build (ADR 0060) only renders pages: the browser's build has the assets.
    ...(isSsrBuild ? [] : [pdfjsAssets()]),
    ...(isSsrBuild ? [privateZodRegistry()] : []),
    // ADR 0056: every text asset is compressed once at build time (.br and .gz beside it) and the
    // API sends the variant the browser accepts, so no request pays for compression.
    ...(isSsrBuild
      ? []
      : [
          compression({
            algorithms: ['brotliCompress', 'gzip'],
            include: /\.(html|css|js|mjs|json|svg|xml|txt|wasm|bcmap|pfb|ttf|icc)$/,
            exclude: /\.vite\//,
            threshold: 1024,
          }),
        ]),
  ],
  build: isSsrBuild
    ? {
        // `vite build --ssr src/entry-server.tsx`: one module the API imports to render pages
        // (ADR 0060), written apart from the browser's files so it is never served.
        outDir: 'dist-server',
        emptyOutDir: true,
        copyPublicDir: false,
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // The bundle budget (scripts/check-bundle-budget.mjs, ADR 0056) reads which chunks each
        // route needs from the manifest.
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: firstVisitChunk() }],
            },
          },
        },
      },
  // Everything in the server's module, so no package is loaded by Node as it was published for
  // bundlers (a CSS import inside a package would fail there).
  ssr: { noExternal: true },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/uploads': API_ORIGIN,
      '/healthz': API_ORIGIN,
      // POST /auth (refresh) and /auth/request-message live outside /api (spec §7).
      '/auth': API_ORIGIN,
    },
  },
}));
