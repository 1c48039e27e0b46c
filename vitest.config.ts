import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
//
// Which databases: SQLite always, PostgreSQL too with DATABASE_URL=postgres://... (test/support/
// databases.ts). The files that need PostgreSQL itself are not collected without it (they are not
// skips). TEST_DATABASES=postgres runs PostgreSQL alone, and only the files that reach it (they name
// databaseKinds(), POSTGRES_URL or DATABASE_URL): CI's PostgreSQL job, which repeats nothing of
// the SQLite job. TEST_FAIL_ON_SKIP=1 fails the run when any test is skipped (CI sets it).
// docs/testing.md#test-databases and docs/testing.md#fail-on-skip say more.
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

// Need PostgreSQL (and, for scale-out, Redis) by nature.
const POSTGRES_SUITES = [
  'test/integration/scale-out.test.ts',
  'test/regressions/migrations-fail-while-another-schema-is-dropped.test.ts',
  'test/regressions/history-writes-on-postgresql-read-every-revision.test.ts',
];

const POSTGRES = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
const POSTGRES_ALONE = process.env.TEST_DATABASES === 'postgres';

/** The test files under `folders` that never reach PostgreSQL (left out when it runs alone). */
function sqliteOnlyFiles(folders: string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => `${folder}/${f}`)
      .filter((f) => !/databaseKinds\(|POSTGRES_URL|DATABASE_URL/.test(readFileSync(f, 'utf8'))),
  );
}
// Compare the product with files the repository cannot hold (Health Canada's table is not public
// domain, unlike the USDA releases whose sample test/fixtures/usda-sample holds): collected only where
// they are beside the repository, said when left out.
const SHARED_DATA_SUITES: Array<[file: string, needs: string]> = [
  ['test/unit/label/ca-reference-amounts-2024-source.test.ts', '../shared/data/health-canada-reference-amounts/rows.csv'],
];
const NO_SHARED_DATA = SHARED_DATA_SUITES.filter(([, needs]) => !existsSync(needs)).map(([file, needs]) => {
  // Said once: the test processes read this file again, with the variable inherited.
  if (!process.env.RECIPAL_TEST_NOTICES_SAID) console.warn(`${file} is not run: ${needs} is absent (not part of the repository).`);
  return file;
});
process.env.RECIPAL_TEST_NOTICES_SAID = '1';

const NOT_ON_POSTGRES = POSTGRES_ALONE ? sqliteOnlyFiles(['test/integration', 'test/races', 'test/regressions']) : [];
const NOT_ON_SQLITE = POSTGRES ? [] : POSTGRES_SUITES;

export default defineConfig({
  test: {
    environment: 'node',
    // Builds dist/ when src/ is newer, so tests that spawn bin/recipal.js run the current code.
    globalSetup: ['test/support/build-cli.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: process.env.TEST_FAIL_ON_SKIP === '1' ? ['default', './test/support/fail-on-skip-reporter.ts'] : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: NO_SHARED_DATA,
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
          exclude: [...LONG_SUITES, ...NOT_ON_SQLITE, ...NOT_ON_POSTGRES],
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
          exclude: NOT_ON_POSTGRES,
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
