import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // Each test stubs fetch; restoring between tests keeps them independent.
    unstubGlobals: true,
    restoreMocks: true,
    // Many tests render the whole app in jsdom; on a busy two-core CI machine one can take more
    // than vitest's default 5 s without anything being wrong.
    testTimeout: 30_000,
    // Files share a worker's modules instead of importing the whole app again each (the suite runs
    // in less than half the time). What a file changes is undone after each test (test/setup.ts,
    // unstubGlobals, restoreMocks); a module mock goes in test/setup.ts, since a `vi.mock` in one
    // file cannot replace a module another file of the worker already loaded.
    isolate: false,
  },
});
