import { defineConfig } from 'vitest/config';

/**
 * One run covers every workspace: `npm test` runs all projects, `npm run test:api` the API suite
 * alone (CI runs it a second time on PostgreSQL with TEST_DATABASE_URL).
 */
export default defineConfig({
  test: {
    projects: ['scripts', 'packages/shared', 'apps/api', 'apps/web', 'apps/web/e2e'],
  },
});
