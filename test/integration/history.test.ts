// History through HTTP (docs/api.md#history): revisions naming each change (an ingredient's sodium, a line's
// amount, a line of a subrecipe beneath, a cost), ?as_of= answering with the old and the new label,
// approvals whose files stay byte-identical across changes and a restart, the diff with its causes,
// and the audit trail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.js';
import { createTestApp, flourBody, json, makeClient, type Client, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

// flourBody's nutrients are per weight1 (125 g): 400 mg is 320 mg per 100 g, 2000 mg is 1600.
// Every nutrient an FDA label prints is known, so the label is complete (docs/api.md#trust-and-completeness).
const complete = (overrides: Record<string, unknown>) => flourBody({ vitamin_d_mcg: 0, potassium: 100, ...overrides });

describe.each(databaseKinds())('history on %s', (kind) => {
  let t: TestApp;
  let api: Client;
  const ids: Record<string, number> = {};
  let approval: any;
  let approvedFiles: Record<string, Buffer>;
  let beforeChanges: string;

  const file = async (client: Client, url: string) => {
    const res = await client.get(url);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return res.rawPayload;
  };
  const sodiumOf = (label: any) => label.nutrients.find((r: any) => r.key === 'sodium').display;

  beforeAll(async () => {
    t = await createTestApp(kind);
    api = t.client();
    ids.brine = json(await api.post('/v1/ingredients', complete({ name: 'Brine', sodium: 400 }))).ingredient.id;
    ids.flour = json(await api.post('/v1/ingredients', complete({ name: 'Flour' }))).ingredient.id;
    ids.dough = json(await api.post('/v1/recipes', { recipe: { name: 'Dough', servings: 1 } })).recipe.id;
    ids.doughLine = json(
      await api.post(`/v1/recipes/${ids.dough}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: ids.flour, total_grams: 100 } }),
    ).recipe_ingredient.id;
    ids.doughIngredient = json(await api.post(`/v1/recipes/${ids.dough}/create_subrecipe`)).ingredient.id;
    ids.pie = json(await api.post('/v1/recipes', { recipe: { name: 'Salted pie', servings: 4 } })).recipe.id;
    ids.brineLine = json(
      await api.post(`/v1/recipes/${ids.pie}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: ids.brine, total_grams: 50 } }),
    ).recipe_ingredient.id;
    await api.post(`/v1/recipes/${ids.pie}/recipe_ingredients`, {
      recipe_ingredient: { ingredient_id: ids.doughIngredient, total_grams: 200 },
    });

    t.clock.advance(60_000);
    const res = await api.post(`/v1/recipes/${ids.pie}/label_approvals`, {
      language: 'en-US',
      format: 'fda_vertical',
      note: 'first print run',
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    approval = json(res).label_approval;
    approvedFiles = {};
    for (const format of ['svg', 'png', 'pdf']) approvedFiles[format] = await file(api, `/v1/label_approvals/${approval.id}.${format}`);
    beforeChanges = t.clock.now().toISOString();

    // Three changes (an ingredient, a line, a subrecipe's line), a minute apart, and a cost.
    t.clock.advance(60_000);
    expect((await api.put(`/v1/ingredients/${ids.brine}`, { sodium: 2000 })).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await api.put(`/v1/recipes/${ids.pie}/recipe_ingredients/${ids.brineLine}`, { total_grams: 80 })).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await api.put(`/v1/recipes/${ids.dough}/recipe_ingredients/${ids.doughLine}`, { total_grams: 150 })).statusCode).toBe(200);
    t.clock.advance(60_000);
    const cost = await api.post('/v1/ingredient_costs', {
      ingredient_cost: { ingredient_id: ids.brine, unit: 'cup', quantity: 1, price: 3, effective_at: '2026-01-01' },
    });
    expect(cost.statusCode, cost.body).toBe(201);
    t.clock.advance(60_000);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists revisions newest first, naming each change, its key and request', async () => {
    const res = await api.get(`/v1/recipes/${ids.pie}/revisions`);
    expect(res.statusCode).toBe(200);
    const revisions = json(res).map((r: any) => r.revision);
    expect(revisions.map((r: any) => r.number)).toEqual([...revisions.map((r: any) => r.number)].sort((a, b) => b - a));
    expect(res.headers['x-total-count']).toBe(String(revisions.length));
    const changes = revisions.slice(0, 4).flatMap((r: any) => r.changes);
    expect(changes).toContainEqual({
      field: 'sodium',
      old: 320,
      new: 1600,
      ingredient_id: ids.brine,
      ingredient_name: 'Brine',
      basis: 'per 100 g',
    });
    expect(changes).toContainEqual(
      expect.objectContaining({ field: 'total_grams', old: 50, new: 80, line_id: ids.brineLine, recipe_id: ids.pie }),
    );
    expect(changes).toContainEqual(
      expect.objectContaining({ field: 'total_grams', old: 100, new: 150, line_id: ids.doughLine, recipe_id: ids.dough }),
    );
    expect(changes).toContainEqual(
      expect.objectContaining({ field: 'cost', old: null, ingredient_id: ids.brine, new: expect.objectContaining({ price: 3 }) }),
    );
    for (const revision of revisions) {
      expect(revision.changed_by).toBe(t.accountA.key.slice(0, 12));
      expect(revision.request_id).toEqual(expect.any(String));
    }
  });

  it('answers ?as_of= with the recipe, lines and label as they stood; the present is unchanged', async () => {
    const old = json(await api.get(`/v1/recipes/${ids.pie}/label?as_of=${beforeChanges}`)).label;
    const now = json(await api.get(`/v1/recipes/${ids.pie}/label`)).label;
    expect(old).toEqual(approval.label);
    expect(sodiumOf(old)).not.toBe(sodiumOf(now));
    const lines = json(await api.get(`/v1/recipes/${ids.pie}/recipe_ingredients?as_of=${beforeChanges}`)).recipe.recipe_ingredients;
    expect(lines.find((l: any) => l.recipe_ingredient.id === ids.brineLine).recipe_ingredient.total_grams).toBe(50);
    const recipeThen = json(await api.get(`/v1/recipes/${ids.pie}?as_of=${beforeChanges}`)).recipe;
    const recipeNow = json(await api.get(`/v1/recipes/${ids.pie}`)).recipe;
    expect(recipeThen.nutrition.sodium).toBeLessThan(recipeNow.nutrition.sodium);
    // The old label's files are those of the old data: the SVG drawn now from as_of equals the approved one.
    expect(
      (await file(api, `/v1/recipes/${ids.pie}/label.svg?as_of=${beforeChanges}&format=fda_vertical`)).equals(approvedFiles.svg!),
    ).toBe(true);
    expect(json(await api.get(`/v1/recipes/${ids.pie}/label?as_of=${t.clock.now().toISOString()}`)).label).toEqual(now);
  });

  it('refuses as_of before the recipe existed (404) and an unreadable one (422)', async () => {
    const before = await api.get(`/v1/recipes/${ids.pie}?as_of=2020-01-01`);
    expect(before.statusCode).toBe(404);
    expect(json(before)).toMatchObject({ error: 'NotFound', request_id: expect.any(String) });
    for (const bad of ['yesterday', '2026-13-45', '2026-11-18T25:00:00Z', '']) {
      const res = await api.get(`/v1/recipes/${ids.pie}/label?as_of=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(json(res).errors).toHaveProperty('as_of');
    }
  });

  it('keeps the approval: same data and bytes after the changes and after a restart on the same database', async () => {
    expect(approval).toMatchObject({
      recipe_id: ids.pie,
      language: 'en-US',
      format: 'fda_vertical',
      note: 'first print run',
      approved_by: t.accountA.key.slice(0, 12),
    });
    expect(approval.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(json(await api.get(`/v1/label_approvals/${approval.id}`)).label_approval).toEqual(approval);
    for (const format of ['svg', 'png', 'pdf'])
      expect((await file(api, `/v1/label_approvals/${approval.id}.${format}`)).equals(approvedFiles[format]!), format).toBe(true);
    const restarted = await buildApp({ config: t.config, database: t.db.handle, clock: t.clock });
    try {
      const again = makeClient(restarted, t.accountA.key);
      expect(json(await again.get(`/v1/label_approvals/${approval.id}`)).label_approval).toEqual(approval);
      for (const format of ['svg', 'png', 'pdf'])
        expect((await file(again, `/v1/label_approvals/${approval.id}.${format}`)).equals(approvedFiles[format]!), format).toBe(true);
    } finally {
      await restarted.close();
    }
    const list = json(await api.get(`/v1/recipes/${ids.pie}/label_approvals`));
    expect(list.map((a: any) => a.label_approval.id)).toEqual([approval.id]);
  });

  it('diffs the approval against the label now, with the revisions since as causes', async () => {
    const res = await api.get(`/v1/label_approvals/${approval.id}/diff`);
    expect(res.statusCode).toBe(200);
    const { diff } = json(res);
    expect(diff.changed).toBe(true);
    expect(diff.rows).toContainEqual(
      expect.objectContaining({ key: 'sodium', approved: expect.objectContaining({ display: sodiumOf(approval.label) }) }),
    );
    const causes = diff.causes.flatMap((r: any) => r.changes);
    expect(causes).toContainEqual({
      field: 'sodium',
      old: 320,
      new: 1600,
      ingredient_id: ids.brine,
      ingredient_name: 'Brine',
      basis: 'per 100 g',
    });
    expect(diff.causes.every((r: any) => r.number > approval.revision)).toBe(true);
  });

  it('refuses an incomplete label without accept_incomplete (422 naming the warnings), accepts it with', async () => {
    const unknownD = json(await api.post('/v1/ingredients', flourBody({ name: 'Mystery meal', potassium: 10 }))).ingredient.id;
    const recipe = json(await api.post('/v1/recipes', { recipe: { name: 'Gap bread', servings: 2 } })).recipe.id;
    await api.post(`/v1/recipes/${recipe}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: unknownD, total_grams: 100 } });
    const badFormat = await api.post(`/v1/recipes/${recipe}/label_approvals`, { format: 'fda_nope', accept_incomplete: true });
    expect(badFormat.statusCode).toBe(422);
    expect(json(badFormat).errors).toHaveProperty('format');
    const refused = await api.post(`/v1/recipes/${recipe}/label_approvals`, { format: 'fda_vertical' });
    expect(refused.statusCode).toBe(422);
    expect(json(refused).errors.label.join(' ')).toContain('missing_nutrient');
    expect(json(refused).request_id).toEqual(expect.any(String));
    const accepted = await api.post(`/v1/recipes/${recipe}/label_approvals`, { format: 'fda_vertical', accept_incomplete: true });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.headers['x-label-complete']).toBe('false');
    expect(json(accepted).label_approval.label.complete).toBe(false);
  });

  it("never deletes or changes an approval (405), and hides another account's (404)", async () => {
    const del = await api.delete(`/v1/label_approvals/${approval.id}`);
    expect(del.statusCode).toBe(405);
    expect(json(del)).toMatchObject({ error: 'MethodNotAllowed', request_id: expect.any(String) });
    expect((await api.get(`/v1/label_approvals/${approval.id}`)).statusCode).toBe(200);
    const intruder = t.client(t.accountB.key);
    for (const url of [
      `/v1/label_approvals/${approval.id}`,
      `/v1/label_approvals/${approval.id}.png`,
      `/v1/label_approvals/${approval.id}/diff`,
      `/v1/recipes/${ids.pie}/revisions`,
    ]) {
      expect((await intruder.get(url)).statusCode, url).toBe(404);
    }
    expect((await intruder.delete(`/v1/label_approvals/${approval.id}`)).statusCode).toBe(404);
  });

  it('audits every write of the account with key prefix, time, resource, fields and request id', async () => {
    const res = await api.get('/v1/audit_events?resource=ingredient');
    expect(res.statusCode).toBe(200);
    const events = json(res).map((e: any) => e.audit_event);
    expect(events).toContainEqual(
      expect.objectContaining({
        action: 'update',
        resource: 'ingredient',
        resource_id: ids.brine,
        fields: ['sodium'],
        key_prefix: t.accountA.key.slice(0, 12),
        request_id: expect.any(String),
      }),
    );
    expect(events.every((e: any) => e.resource === 'ingredient')).toBe(true);
    const all = json(await api.get(`/v1/audit_events?since=${beforeChanges}&per_page=20`)).map((e: any) => e.audit_event);
    expect(all.map((e: any) => `${e.action} ${e.resource}`)).toEqual(
      expect.arrayContaining(['update ingredient', 'update recipe_ingredient', 'create ingredient_cost']),
    );
    expect(all.every((e: any) => e.created_at >= beforeChanges.slice(0, 19))).toBe(true);
    expect((await api.get('/v1/audit_events?since=soon')).statusCode).toBe(400);
    expect(json(await t.client(t.accountB.key).get('/v1/audit_events'))).toEqual([]);
  });
});
