import { defineProject } from 'vitest/config';

/** The installation's own checks (ADR 0063): the runtime, npm's output, the configuration files. */
export default defineProject({
  test: {
    name: 'install',
    environment: 'node',
    include: ['*.test.ts'],
    // `npm ci --dry-run` reads the whole lockfile: seconds, more on a loaded machine.
    testTimeout: 120_000,
  },
});
