import { defineConfig } from 'vitest/config';

// Three projects. `npm test` (the README's command) runs the first two, one after the other
// (sequence.groupOrder); `npm run test:long` runs the third; CI runs all three.
// - unit: pure functions (test/unit, src), many small files: worker threads, in parallel.
// - integration: the real app on real databases and servers (test/integration, test/races,
//   test/regressions): two child processes (forks) for the machine's two cores, each file opening its
//   own database. Files share a process's loaded modules (isolate: false): the app's modules load
//   once per process rather than once per file, which was two thirds of the suite's time. No test
//   mocks modules or changes the environment, and every file builds its own app and database.
// - long: the suites whose work is long by nature (10,000 generated hostile requests, kill -9 crash
//   cycles, native-memory growth over many renders, a real browser): kept out of the everyday loop,
//   with time limits of their own.
// Tests await events and injected clocks, never the wall clock, so a busy machine makes them slower,
// not red.
const LONG_SUITES = [
  'test/integration/hostile-input.test.ts',
  'test/integration/crash-safety.test.ts',
  'test/integration/account-page-browser.test.ts',
  'test/integration/embed-browser.test.ts',
  'test/integration/docs-page-browser.test.ts',
  'test/integration/studio-browser.test.ts',
  'test/regressions/weekly-limit-exceeded-across-kill-9-crash-cycles.test.ts',
  'test/regressions/png-renders-leak-native-memory-in-render-threads.test.ts',
];

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
          exclude: LONG_SUITES,
          pool: 'forks',
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'long',
          include: LONG_SUITES,
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 600_000,
          hookTimeout: 600_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
