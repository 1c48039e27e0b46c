// Crash safety, kept (RELIABILITY.md "Crash safety"): a short run of `npm run crash-test` on every
// database. The real server (the CLI's `serve`, from source) runs as a child process under write load
// from this process over loopback, is SIGKILLed twice and restarted; every acknowledged write must be
// there and whole. The kill moments vary with the machine's speed; what is asserted does not: no write
// lost or torn, no 5xx, both kills made, the writes acknowledged.
import { describe, expect, it } from 'vitest';
import { withPostgresDatabase, withSqliteFile } from '../../scripts/crash/databases.js';
import { runCrashTest } from '../../scripts/crash/run.js';
import { databaseKinds, POSTGRES_URL } from '../support/databases.js';

describe.each(databaseKinds())('crash safety on %s', (kind) => {
  it('2 SIGKILLs under write load lose and tear nothing acknowledged', async () => {
    const run = (databaseUrl: string) => runCrashTest({ databaseUrl, from: 'source', kills: 2, writes: 100, workers: 4, seed: 7 });
    const report = kind === 'sqlite' ? await withSqliteFile(run) : await withPostgresDatabase(POSTGRES_URL!, run);
    expect(report.problems).toEqual([]);
    expect({ lost: report.lost, torn: report.torn, errors5xx: report.errors5xx, kills: report.kills }).toEqual({
      lost: 0,
      torn: 0,
      errors5xx: 0,
      kills: 2,
    });
    expect(report.acknowledged).toBeGreaterThanOrEqual(100);
    expect(report.checked).toBeGreaterThan(0);
  }, 300_000); // starts a real server three times: 63 s measured at load average 25 on two cores, 120 s left too little room
});
