import { createRequire } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
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

export default defineConfig(({ isSsrBuild }) => ({
  // Pinned so the build works from any working directory (the API serves apps/web/dist).
  root: import.meta.dirname,
  plugins: [
    react(),
    tailwindcss(),
    // The server's build (ADR 0060) only renders pages: the browser's build has the assets.
    ...(isSsrBuild ? [] : [pdfjsAssets()]),
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
