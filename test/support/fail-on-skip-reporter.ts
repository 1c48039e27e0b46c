// A vitest reporter that fails the run when any test was skipped (TEST_FAIL_ON_SKIP=1; CI sets it).
// A test skips when what it needs is missing (a browser, openssl, Redis, the USDA files...): on a
// developer's machine that is said and tolerated, in CI it means a check silently did not run.
// Tests that need what a run does not have by design (PostgreSQL in the SQLite run) are not
// collected in that run at all (vitest.config.ts), so they are not skips.
import type { Reporter, TestModule } from 'vitest/node';

export default class FailOnSkipReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const skipped: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        if (test.result().state === 'skipped') skipped.push(`  ${module.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName}`);
      }
    }
    if (skipped.length === 0) {
      console.log('TEST_FAIL_ON_SKIP: no test was skipped.');
      return;
    }
    console.error(`\nTEST_FAIL_ON_SKIP: ${skipped.length} test(s) skipped, which fails this run:`);
    for (const line of skipped.slice(0, 200)) console.error(line);
    if (skipped.length > 200) console.error(`  ... and ${skipped.length - 200} more`);
    process.exitCode = 1;
  }
}
