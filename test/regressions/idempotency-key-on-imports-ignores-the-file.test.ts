// Regression: the Idempotency-Key fingerprint covered the body's fields but not its uploaded files, so
// the same key with another CSV on POST /v1/imports was replayed as "applied" and the second file was
// never imported. docs/api.md#idempotency-key: the same key with another request is 422; with the same file
// (same bytes, same name) it replays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { databaseSnapshotter, type Snapshotter } from '../support/db-snapshot.js';
import { multipartBody } from '../support/spreadsheet-upload.js';

const sheet = (name: string) => `name,description1,weight1,food,non_food\n${name},1 box,10,false,packaging\n`;

describe.each(databaseKinds())('Idempotency-Key on POST /v1/imports on %s', (kind) => {
  let t: TestApp;
  let snapshots: Snapshotter;
  beforeAll(async () => {
    t = await createTestApp(kind);
    snapshots = await databaseSnapshotter(t.db);
  });
  afterAll(async () => {
    await snapshots.close();
    await t.close();
  });

  const importWithKey = (key: string, csv: string, filename = 'boxes.csv') => {
    const { body, contentType } = multipartBody({ kind: 'ingredients', dry_run: 'false' }, { name: filename, data: csv });
    return t.app.inject({
      method: 'POST',
      url: '/v1/imports',
      headers: { authorization: `Token token=${t.accountA.key}`, 'content-type': contentType, 'idempotency-key': key },
      payload: body,
    });
  };

  it('another file under the same key is 422 and imports nothing; the same file replays', async () => {
    const first = await importWithKey('import-1', sheet('Box A'));
    expect(first.statusCode).toBe(200);
    expect(json(first).import).toMatchObject({ status: 'applied', created: 1 });

    const before = await snapshots.take();
    const other = await importWithKey('import-1', sheet('Box B'));
    expect(other.statusCode).toBe(422);
    expect(json(other)).toMatchObject({
      error: 'ValidationFailed',
      errors: { 'Idempotency-Key': [expect.stringContaining('another request')] },
    });
    const renamed = await importWithKey('import-1', sheet('Box A'), 'other-name.csv');
    expect(renamed.statusCode).toBe(422);
    expect(await snapshots.take()).toEqual(before);

    const again = await importWithKey('import-1', sheet('Box A'));
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await snapshots.take()).toEqual(before);
  });
});
