import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration files each open their own database; two workers match the machine's two cores.
    pool: 'forks',
    maxWorkers: 2,
  },
});
