import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Browser and CLI tests start real processes; two cores are all CI has.
    maxWorkers: 2,
    // The second builds the real site once, serves it and starts one Chromium for every browser test.
    globalSetup: ['tests/helpers/global-setup.ts', 'tests/helpers/browser-setup.ts'],
  },
});
