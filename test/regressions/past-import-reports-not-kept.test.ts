// Regression: an import's report carried an id, but nothing answered for it: a client that lost the
// answer (a timeout, a closed terminal) could not learn what the import did. Every report is now kept
// (migration 044) and `GET /v1/imports/{id}` answers it as it was, for dry runs, applied and failed
// imports alike; another account's id, or an id that names nothing, is 404 (docs/api.md#spreadsheet-imports).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';

describe.each(databaseKinds())('past import reports on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('a dry run, an applied import and a failed one: each report answered again, the same', async () => {
    const sheet = 'name,food,non_food,description1,weight1,Notes\nBox,false,packaging,1 box,10,big\n';
    const answers = [
      json(await uploadSheet(t, sheet, { kind: 'ingredients' })).import,
      json(await uploadSheet(t, sheet, { kind: 'ingredients', dryRun: false })).import,
      json(await uploadSheet(t, `${sheet}Tray,false,packaging,1 tray,lots,\n`, { kind: 'ingredients', dryRun: false })).import,
    ];
    expect(answers.map((r) => r.status)).toEqual(['checked', 'applied', 'failed']);
    expect(answers[1].changes[0].id).toEqual(expect.any(Number));
    for (const answer of answers) {
      const res = await t.client().get(`/v1/imports/${answer.id}`);
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ import: answer });
    }
    // The UUID in upper case names the same report.
    expect((await t.client().get(`/v1/imports/${answers[0].id.toUpperCase()}`)).statusCode).toBe(200);
  });

  it("another account's report, an unknown id and an id that is no UUID: 404 in the error shape", async () => {
    const mine = json(await uploadSheet(t, 'name,brand\nSecret,x\n', { kind: 'ingredients' })).import.id;
    for (const [key, id] of [
      [t.accountB.key, mine],
      [t.accountA.key, '00000000-0000-4000-8000-000000000000'],
      [t.accountA.key, 'not-a-uuid'],
      [t.accountA.key, `${mine}x`],
    ]) {
      const res = await t.client(key).get(`/v1/imports/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(json(res)).toMatchObject({ error: 'NotFound', request_id: expect.any(String) });
      expect(res.body).not.toContain('Secret');
    }
  });
});
