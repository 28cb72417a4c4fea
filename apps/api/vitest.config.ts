import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // One database per worker, shared by the files that worker runs: a PGlite takes seconds and
    // hundreds of MB to start. Tests make their own data through factories instead of truncating.
    isolate: false,
    pool: 'forks',
    maxWorkers: 2,
    // Projects with their own worker count run in their own group (vitest requires it).
    sequence: { groupOrder: 1 },
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
