// Approving a Canadian label froze the label's files but not its "High in" symbol: the symbol could
// only be drawn from the live recipe, so what was approved for print changed with the next edit. The
// approval now freezes the symbol too (docs/api.md#history): GET /v1/label_approvals/{id}/front_of_pack.*
// returns the stored bytes forever, and a 422 when the approved label needed no symbol.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type Client, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { expectError } from '../support/error-shape.js';

describe.each(databaseKinds())('the approved "High in" symbol on %s', (kind) => {
  let t: TestApp;
  let a: Client;
  beforeAll(async () => {
    t = await createTestApp(kind);
    a = t.client();
  });
  afterAll(async () => {
    await t.close();
  });

  async function syrupCake(sugarPer125g: number) {
    const syrup = json(
      await a.post(
        '/v1/ingredients',
        flourBody({ name: 'Cane syrup', name_fr: 'Sirop de canne', sugar: sugarPer125g, added_sugar: sugarPer125g }),
      ),
    ).ingredient;
    const recipe = json(await a.post('/v1/recipes', { recipe: { name: 'Syrup cake', name_fr: 'Gâteau au sirop', servings: 2 } })).recipe;
    await a.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: syrup.id, total_grams: 100 } });
    return { recipe: recipe.id, syrup: syrup.id };
  }
  const approve = async (recipe: number, body: Record<string, unknown>) =>
    json(await a.post(`/v1/recipes/${recipe}/label_approvals`, { accept_incomplete: true, ...body })).label_approval;

  it('returns the symbol drawn at approval, byte for byte, after the recipe stops needing one', async () => {
    const { recipe, syrup } = await syrupCake(120);
    const live = await a.get(`/v1/recipes/${recipe}/front_of_pack.svg`);
    expect(live.statusCode).toBe(200);
    const approval = await approve(recipe, { language: 'en-CA', format: 'ca_standard' });
    expect(approval.label.front_of_pack).toMatchObject({ required: true, high_in: ['sugars'] });

    const frozen = {
      svg: await a.get(`/v1/label_approvals/${approval.id}/front_of_pack.svg`),
      png: await a.get(`/v1/label_approvals/${approval.id}/front_of_pack.png`),
      pdf: await a.get(`/v1/label_approvals/${approval.id}/front_of_pack.pdf`),
    };
    expect(frozen.svg.statusCode).toBe(200);
    expect(frozen.svg.headers['content-type']).toContain('image/svg+xml');
    // Drawn as the live symbol was at that moment (bilingual, horizontal).
    expect(frozen.svg.body).toBe(live.body);
    expect(frozen.svg.body).toContain('Élevé en');
    expect(frozen.png.headers['content-type']).toBe('image/png');
    expect(frozen.png.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(frozen.pdf.headers['content-type']).toBe('application/pdf');
    expect(frozen.pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(frozen.png.headers['x-label-complete']).toBe(String(approval.label.complete));

    // They are the stored bytes, not a new drawing.
    const stored = await t.db.handle.db
      .selectFrom('label_approval_symbols')
      .select(['svg', 'png', 'pdf'])
      .where('approval_id', '=', approval.id)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(stored.png).equals(frozen.png.rawPayload)).toBe(true);
    expect(Buffer.from(stored.pdf).equals(frozen.pdf.rawPayload)).toBe(true);

    // The recipe changes: no symbol any more, live. The approved one stays.
    await a.put(`/v1/ingredients/${syrup}`, { ingredient: { sugar: 0, added_sugar: 0 } });
    expect((await a.get(`/v1/recipes/${recipe}/front_of_pack.svg`)).statusCode).toBe(422);
    for (const format of ['svg', 'png', 'pdf'] as const) {
      const again = await a.get(`/v1/label_approvals/${approval.id}/front_of_pack.${format}`);
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(frozen[format].rawPayload)).toBe(true);
    }
  });

  it('is a 422 naming front_of_pack when the approved label needed no symbol', async () => {
    const low = await syrupCake(1);
    const canadian = await approve(low.recipe, { language: 'en-CA', format: 'ca_standard' });
    const us = await approve(low.recipe, { language: 'en-US', format: 'fda_vertical' });
    for (const id of [canadian.id, us.id]) {
      const res = await a.get(`/v1/label_approvals/${id}/front_of_pack.png`);
      expect(expectError(res, 422, 'ValidationFailed').errors).toMatchObject({ front_of_pack: expect.any(Array) });
    }
    expect(json(await a.get(`/v1/label_approvals/${us.id}/front_of_pack.svg`)).message).toContain(
      'the labels of Canada (ca_standard, ca_bilingual)',
    );
    expect(json(await a.get(`/v1/label_approvals/${canadian.id}/front_of_pack.svg`)).message).toContain('needed no symbol');
    expect(
      await t.db.handle.db
        .selectFrom('label_approval_symbols')
        .select('approval_id')
        .where('approval_id', 'in', [canadian.id, us.id])
        .execute(),
    ).toEqual([]);
  });

  it("is a 404 for another account's approval and an unknown id", async () => {
    const { recipe } = await syrupCake(120);
    const approval = await approve(recipe, { language: 'fr-CA', format: 'ca_standard', accept_incomplete: true });
    const intruder = t.client(t.accountB.key);
    for (const path of [`/v1/label_approvals/${approval.id}/front_of_pack.svg`, '/v1/label_approvals/999999/front_of_pack.png']) {
      const res = await intruder.get(path);
      expectError(res, 404, 'NotFound');
      expect(res.body).not.toContain('Sugars');
    }
  });
});
