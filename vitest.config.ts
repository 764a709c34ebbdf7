import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: run files in parallel but not more than the machine can carry.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'site', include: ['tests/**/*.test.ts'] } },
      {
        extends: true,
        // The end-to-end tests drive the built renderer: built once, before they run.
        test: { name: 'e2e', include: ['e2e/**/*.e2e.test.ts'], globalSetup: ['e2e/global-setup.ts'], testTimeout: 60_000 },
      },
    ],
  },
});
