import { defineProject } from 'vitest/config';

/**
 * Browser journeys against the built product (see global-setup.ts). `npm run test:e2e` runs them
 * alone; E2E_SKIP_BUILD=1 skips the build when apps/web/dist and apps/api/dist are current.
 */
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./global-setup.ts'],
    // One server and one browser are shared: files run one after another.
    fileParallelism: false,
    // Vitest runs projects with different worker counts in separate groups: this one goes last, after
    // the unit suites, so the server and browser do not compete with them for the CPU.
    sequence: { groupOrder: 10 },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
