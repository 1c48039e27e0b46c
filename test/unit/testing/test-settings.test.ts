// The suite's own settings (docs/testing.md): which databases a run uses (TEST_DATABASES,
// DATABASE_URL), and TEST_FAIL_ON_SKIP's reporter failing a run that skipped a test.
import { afterEach, describe, expect, it } from 'vitest';
import type { TestModule } from 'vitest/node';
import { databaseKinds } from '../../support/databases.js';
import FailOnSkipReporter from '../../support/fail-on-skip-reporter.js';

const PG = 'postgres://postgres@127.0.0.1:5432/test';

describe('databaseKinds: docs/testing.md#test-databases', () => {
  it.each([
    [{}, ['sqlite']],
    [{ DATABASE_URL: PG }, ['sqlite', 'postgres']],
    [{ DATABASE_URL: 'data/recipal.db' }, ['sqlite']],
    [{ DATABASE_URL: PG, TEST_DATABASES: 'postgres' }, ['postgres']],
    [{ DATABASE_URL: PG, TEST_DATABASES: 'sqlite' }, ['sqlite']],
    [{ TEST_DATABASES: 'sqlite' }, ['sqlite']],
  ])('%j -> %j', (env, kinds) => {
    expect(databaseKinds(env)).toEqual(kinds);
  });

  it('refuses PostgreSQL alone without a PostgreSQL URL, and an unknown name', () => {
    expect(() => databaseKinds({ TEST_DATABASES: 'postgres' })).toThrow(/needs DATABASE_URL/);
    expect(() => databaseKinds({ TEST_DATABASES: 'mysql', DATABASE_URL: PG })).toThrow(/say sqlite or postgres/);
  });
});

/** A test module as the reporter reads it: its id and its tests' states. */
function moduleWith(states: Array<'passed' | 'failed' | 'skipped' | 'pending'>): TestModule {
  const tests = states.map((state, i) => ({ fullName: `case ${i}`, result: () => ({ state }) }));
  return { moduleId: `${process.cwd()}/test/x.test.ts`, children: { allTests: () => tests.values() } } as unknown as TestModule;
}

describe('TEST_FAIL_ON_SKIP: docs/testing.md#fail-on-skip', () => {
  const before = process.exitCode;
  afterEach(() => {
    process.exitCode = before;
  });

  it('a run with a skipped test fails, naming it', () => {
    const said: string[] = [];
    const error = console.error;
    console.error = (line: string) => said.push(line);
    try {
      new FailOnSkipReporter().onTestRunEnd([moduleWith(['passed', 'skipped'])]);
    } finally {
      console.error = error;
    }
    expect(process.exitCode).toBe(1);
    expect(said.join('\n')).toContain('test/x.test.ts > case 1');
  });

  it('a run without one keeps its exit status', () => {
    const log = console.log;
    console.log = () => undefined;
    try {
      new FailOnSkipReporter().onTestRunEnd([moduleWith(['passed', 'failed', 'passed'])]);
    } finally {
      console.log = log;
    }
    expect(process.exitCode).toBe(before);
  });
});
