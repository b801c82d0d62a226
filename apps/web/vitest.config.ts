import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    environment: 'jsdom',
    // Whole-app tests boot the app in jsdom; on a shared two-core machine that alone can pass 5 s.
    testTimeout: 20_000,
    setupFiles: ['src/test/jsdom-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'src/**/__tests__/**/*.test.{ts,tsx}'],
  },
});
