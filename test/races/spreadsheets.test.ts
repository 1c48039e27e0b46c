// Spreadsheet imports racing the API (docs/api.md#bulk-work, docs/api.md#concurrent-writes), on each database: an import's updates
// lock what they change as the API's own writes do, so neither loses the other's change, and an
// ingredient deleted while recipe lines are imported onto it is never a 5xx or a line on nothing;
// imports applied at once each record one audit event per record they wrote and keep their report, and
// those over the account's share (IMPORT_JOBS_PER_ACCOUNT, docs/api.md#spreadsheet-imports) are 429 and leave nothing.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flourBody, json } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';
import { createRaceApp, type RaceApp } from './support.js';

/**
 * Four imports of account A fired at once, spread over the instances: each names one existing
 * ingredient in lower case (an update) and creates one packaging of its own.
 */
async function importsAtOnce(r: RaceApp, prefix: string): Promise<{ ids: number[]; results: LightMyRequestResponse[] }> {
  const [a] = r.clients();
  const names = [0, 1, 2, 3].map((i) => `${prefix} Butter ${i}`);
  const ids: number[] = [];
  for (const name of names) ids.push(json(await a!.post('/v1/ingredients', flourBody({ name }))).ingredient.id);
  const sheets = names.map(
    (name, i) =>
      `Name,Brand,Food,Non Food,Description1,Weight1\n${name.toLowerCase()},Brand ${i},,,1 cup,125\n${prefix} box ${i},,false,packaging,1 box,10\n`,
  );
  const results = await Promise.all(
    sheets.map((sheet, i) => uploadSheet({ ...r.t, app: r.apps[i % r.apps.length]! }, sheet, { kind: 'ingredients', dryRun: false })),
  );
  return { ids, results };
}

const auditEvents = async (r: RaceApp): Promise<any[]> =>
  json(await r.clients()[0]!.get('/v1/audit_events?per_page=100')).map((e: any) => e.audit_event);

/** An applied import: one audit event per record it wrote, under its request id, and its report kept. */
async function expectKept(r: RaceApp, res: LightMyRequestResponse, updatedId: number, events: any[]): Promise<void> {
  const report = json(res).import;
  expect(report).toMatchObject({ status: 'applied', created: 1, updated: 1 });
  const mine = events.filter((e: any) => e.request_id === res.headers['x-request-id']);
  expect(mine.map((e: any) => [e.action, e.resource_id]).sort()).toEqual(
    [
      ['create', report.changes.find((c: any) => c.action === 'created').id],
      ['update', updatedId],
    ].sort(),
  );
  expect(json(await r.clients()[0]!.get(`/v1/imports/${report.id}`))).toEqual({ import: report });
}

describe.each(databaseKinds())('spreadsheet import races on %s', (kind) => {
  let r: RaceApp;
  beforeAll(async () => {
    r = await createRaceApp(kind);
  });
  afterAll(() => r.close());

  it('an import and API updates of the same ingredients at once: every change survives', async () => {
    const [a] = r.clients();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(json(await a!.post('/v1/ingredients', flourBody({ name: `Race flour ${i}` }))).ingredient.id);
    const sheet = `id,brand\n${ids.map((id) => `${id},Imported`).join('\n')}\n`;
    const clients = r.clients();
    const results = await Promise.all([
      uploadSheet(r.t, sheet, { kind: 'ingredients', dryRun: false }),
      ...ids.map((id, i) => clients[i % clients.length]!.put(`/v1/ingredients/${id}`, { sodium: 42 })),
    ]);
    expect(results.map((res) => res.statusCode)).toEqual([200, ...ids.map(() => 200)]);
    for (const id of ids)
      expect(json(await a!.get(`/v1/ingredients/${id}`)).ingredient).toMatchObject({ brand: 'Imported', sodium: 42 * (100 / 125) });
  });

  it('imports of one account over IMPORT_JOBS_PER_ACCOUNT (1) at once: each refused one is 429 and leaves nothing; each that ran keeps its events and report', async () => {
    const { ids, results } = await importsAtOnce(r, 'Limited');
    const statuses = results.map((res) => res.statusCode);
    // Which ones find the slot taken depends on the order they arrive; none is anything else. On SQLite
    // one instance takes all four, and those fired behind the first find its slot taken; on PostgreSQL
    // each of the three instances has its own share.
    for (const status of statuses) expect([200, 429]).toContain(status);
    expect(statuses).toContain(200);
    if (kind === 'sqlite') expect(statuses).toContain(429);
    const events = await auditEvents(r);
    const names = (json(await r.clients()[0]!.get('/v1/ingredients?per_page=500')) as any[]).map((e) => e.ingredient.name);
    for (const [i, res] of results.entries()) {
      if (res.statusCode === 200) {
        await expectKept(r, res, ids[i]!, events);
        continue;
      }
      expect(json(res)).toMatchObject({ error: 'ImportConcurrencyExceeded', request_id: res.headers['x-request-id'] });
      expect(events.filter((e: any) => e.request_id === res.headers['x-request-id'])).toEqual([]);
      expect(json(await r.clients()[0]!.get(`/v1/ingredients/${ids[i]}`)).ingredient.brand).not.toBe(`Brand ${i}`);
      expect(names).not.toContain(`Limited box ${i}`);
    }
  });

  it('ingredients deleted while recipe lines naming them are imported: 409 or 422, never 5xx, never a line on nothing', async () => {
    const [a] = r.clients();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(json(await a!.post('/v1/ingredients', flourBody({ name: `Doomed ${i}` }))).ingredient.id);
    const sheet = `recipe_name,ingredient_id,quantity\n${ids.map((id, i) => `Doomed recipe ${i},${id},1`).join('\n')}\n`;
    const clients = r.clients();
    const [imported, ...deletes] = await Promise.all([
      uploadSheet(r.t, sheet, { kind: 'recipes', dryRun: false }),
      ...ids.map((id, i) => clients[i % clients.length]!.delete(`/v1/ingredients/${id}`)),
    ]);
    expect([200, 422]).toContain(imported!.statusCode);
    for (const res of deletes) expect([200, 409]).toContain(res.statusCode);
    const orphans = await r.t.db.handle.db
      .selectFrom('recipe_ingredients')
      .leftJoin('ingredients', 'ingredients.id', 'recipe_ingredients.ingredient_id')
      .select('recipe_ingredients.id')
      .where('ingredients.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
    // Either the import went through (then every delete found the ingredient in use) or it wrote nothing.
    const recipes = json(await a!.get('/v1/recipes?q=Doomed&per_page=20'));
    if (imported!.statusCode === 200) expect(deletes.every((d) => d.statusCode === 409)).toBe(true);
    else expect(recipes).toEqual([]);
  });

  // As with WORKERS=n (each process has its own share) or a raised IMPORT_JOBS_PER_ACCOUNT: imports of
  // one account really run at once, on every instance.
  describe('with four imports of an account allowed at once', () => {
    let wide: RaceApp;
    beforeAll(async () => {
      wide = await createRaceApp(kind, { IMPORT_JOBS_PER_ACCOUNT: '4', IMPORT_JOBS_PER_SERVER: '4' });
    });
    afterAll(() => wide.close());

    it('imports applied at once on every instance: one audit event per record each wrote, every report kept', async () => {
      const { ids, results } = await importsAtOnce(wide, 'Race');
      expect(results.map((res) => res.statusCode)).toEqual(ids.map(() => 200));
      const events = await auditEvents(wide);
      for (const [i, res] of results.entries()) await expectKept(wide, res, ids[i]!, events);
    });
  });
});
