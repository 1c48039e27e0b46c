import { defineConfig } from 'vitest/config';

// Two projects, run one after the other (sequence.groupOrder):
// - unit: pure functions (test/unit, src), many small files: worker threads, in parallel.
// - integration: the real app on real databases and servers (test/integration, test/races,
//   test/regressions): child processes (forks), each file opening its own database, two at a time
//   for the machine's two cores. Tests here await events and injected clocks, never the wall clock,
//   so a busy machine makes them slower, not red. Tests that start real child servers set a longer
//   timeout of their own.
export default defineConfig({
  test: {
    environment: 'node',
    // Builds dist/ when src/ is newer, so tests that spawn bin/recipal.js run the current code.
    globalSetup: ['test/support/build-cli.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'src/**/*.test.ts'],
          pool: 'threads',
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/races/**/*.test.ts', 'test/regressions/**/*.test.ts'],
          pool: 'forks',
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
