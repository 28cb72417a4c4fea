import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** Where `npm run dev --workspace apps/api` listens; the dev server forwards these paths to it. */
const API_ORIGIN = 'http://localhost:3000';

export default defineConfig({
  // Pinned so the build works from any working directory (the API serves apps/web/dist).
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/uploads': API_ORIGIN,
      '/healthz': API_ORIGIN,
      // POST /auth (refresh) and /auth/request-message live outside /api (spec §7).
      '/auth': API_ORIGIN,
    },
  },
});
