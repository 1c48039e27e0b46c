// Hostile input: a 10,000-request slice of the generated attack (test/support/hostile/)
// on every documented route, on each database. The full run is `npm run fuzz` (RELIABILITY.md).
// The seed is fixed and printed; FUZZ_SEED=<n> replays another. A failure prints the counts, the
// first violations and the smallest failing request fast-check could shrink to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { databaseSnapshotter, snapshotDifferences } from '../support/db-snapshot.js';
import { formatReport, runHostileInput, totalViolations } from '../support/hostile/run.js';
import { documentedOperations, operationsWithoutGenerator } from '../support/hostile/routes.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const SOCKET_REQUESTS = 300;
const INJECT_REQUESTS = 10_000 - SOCKET_REQUESTS;

describe('the attack covers every documented route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('has a generator for each operation of /v1/openapi.json, and notices one without', async () => {
    const operations = await documentedOperations(t.app);
    expect(operations.length).toBeGreaterThan(30);
    expect(operationsWithoutGenerator(operations)).toEqual([]);
    const undocumented = { ...operations[0]!, key: 'PATCH /v1/brand_new', method: 'PATCH', path: '/v1/brand_new' };
    expect(operationsWithoutGenerator([...operations, undocumented])).toEqual(['PATCH /v1/brand_new']);
  });

  it('the database snapshot sees a changed row, and nothing else', async () => {
    const snapshots = await databaseSnapshotter(t.db);
    const before = await snapshots.take();
    expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
    await t.db.handle.db.updateTable('accounts').set({ name: 'Renamed' }).where('id', '=', t.accountB.id).execute();
    expect(snapshotDifferences(before, await snapshots.take())).toEqual(['accounts (rows 2 -> 2)']);
    await snapshots.close();
  });
});

describe.each(databaseKinds())('hostile input on %s', (kind) => {
  it(`${INJECT_REQUESTS + SOCKET_REQUESTS} generated requests: no 5xx, no crash, errors in shape, nothing changed by a refusal`, async () => {
    console.log(`hostile input on ${kind}: seed ${SEED} (FUZZ_SEED=${SEED} to replay)`);
    const report = await runHostileInput({ kind, requests: INJECT_REQUESTS, socketRequests: SOCKET_REQUESTS, seed: SEED });
    const lines = formatReport(report);
    console.log(lines.join('\n'));
    expect(report.sent + report.socketSent).toBe(INJECT_REQUESTS + SOCKET_REQUESTS);
    expect(Object.keys(report.byRoute).length, 'every documented route was attacked').toBe(report.routes);
    expect(new Set(Object.keys(report.byCaller))).toEqual(
      new Set(["account A's key", "account B's key", 'a garbage Authorization header', 'no key']),
    );
    expect(totalViolations(report), lines.join('\n')).toBe(0);
  }, 300_000);
});
