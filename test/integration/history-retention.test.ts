// Retention (docs/api.md#history; README RECIPAL_HISTORY_RETENTION_DAYS): `recipal history prune` deletes
// old revisions, audit events and import reports, keeps each recipe's newest revision before the
// cut-off (as_of at the cut-off still answers), and never touches approvals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type Client, type TestApp } from '../support/app.js';
import { runCli } from '../support/cli.js';
import { databaseKinds } from '../support/databases.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';

describe.each(databaseKinds())('history prune on %s', (kind) => {
  let t: TestApp;
  let api: Client;
  let recipe: number;
  let approval: number;
  let oldImport: string;
  let newImport: string;
  // PostgreSQL: the CLI opens this test's own schema through the connection's search_path.
  const databaseUrl = () =>
    t.db.config.kind === 'sqlite' ? t.db.config.path : `${t.db.config.url}?options=${encodeURIComponent(`-c search_path=${t.db.schema}`)}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    api = t.client();
    t.clock.set('2025-01-10T00:00:00Z');
    const salt = json(await api.post('/v1/ingredients', flourBody({ name: 'Salt', vitamin_d_mcg: 0, potassium: 0 }))).ingredient.id;
    recipe = json(await api.post('/v1/recipes', { recipe: { name: 'Pretzel', servings: 2 } })).recipe.id;
    await api.post(`/v1/recipes/${recipe}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: salt, total_grams: 10 } });
    approval = json(await api.post(`/v1/recipes/${recipe}/label_approvals`, { format: 'fda_vertical', accept_incomplete: true }))
      .label_approval.id;
    t.clock.set('2025-06-01T00:00:00Z');
    await api.put(`/v1/ingredients/${salt}`, { sodium: 30000 });
    oldImport = json(await uploadSheet(t, 'name,brand\nSalt,Old mill\n', { kind: 'ingredients' })).import.id;
    t.clock.set('2026-03-01T00:00:00Z');
    await api.put(`/v1/recipes/${recipe}`, { servings: 3 });
    newImport = json(await uploadSheet(t, 'name,brand\nSalt,New mill\n', { kind: 'ingredients' })).import.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const numbers = async () => json(await api.get(`/v1/recipes/${recipe}/revisions`)).map((r: any) => r.revision.number);

  it('refuses a bad --before, and explains itself with --help', async () => {
    const bad = await runCli(['history', 'prune', '--before', 'last year'], { DATABASE_URL: databaseUrl() });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--before');
    const help = await runCli(['history', 'prune', '--help'], { DATABASE_URL: databaseUrl() });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('RECIPAL_HISTORY_RETENTION_DAYS');
    const none = await runCli(['history', 'prune'], { DATABASE_URL: databaseUrl() });
    expect(none.code).not.toBe(0);
    expect(await numbers()).toEqual([4, 3, 2, 1]);
  });

  it('deletes what is older than the date but the newest revision before it; approvals stay', async () => {
    const audit = json(await api.get('/v1/audit_events')).length;
    const run = await runCli(['history', 'prune', '--before', '2026-01-01', '--json'], { DATABASE_URL: databaseUrl() });
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout);
    // One stored part goes with revisions 1 and 2: Salt before its sodium changed. (The recipe's row
    // is the same in both, written in the same second, so it is one part, still named by revision 3.)
    expect(out).toEqual({ before: '2026-01-01T00:00:00Z', revisions: 2, parts: 1, audit_events: audit - 1, import_reports: 1 });
    expect(await numbers()).toEqual([4, 3]);
    // The state at the cut-off is still known; before the oldest kept revision it no longer is.
    expect((await api.get(`/v1/recipes/${recipe}?as_of=2025-12-31`)).statusCode).toBe(200);
    expect((await api.get(`/v1/recipes/${recipe}?as_of=2025-02-01`)).statusCode).toBe(404);
    expect((await api.get(`/v1/label_approvals/${approval}.png`)).statusCode).toBe(200);
    expect(json(await api.get('/v1/audit_events')).map((e: any) => e.audit_event.created_at)).toEqual(['2026-03-01T00:00:00Z']);
    expect((await api.get(`/v1/imports/${oldImport}`)).statusCode).toBe(404);
    expect(json(await api.get(`/v1/imports/${newImport}`)).import).toMatchObject({ created_at: '2026-03-01T00:00:00Z', updated: 1 });
  });
});
