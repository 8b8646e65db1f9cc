import { defineConfig } from 'vitest/config';

// Two projects so `npm test` can report unit rules and service contracts separately;
// end-to-end tests run under Playwright (playwright.config.ts), not here.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'services',
          include: ['tests/services/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
