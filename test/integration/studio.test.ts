// The label studio through the real app on real databases: sign-in shared with the account page,
// headers (a nonce CSP with no unsafe-inline, never framed, never cached), the pages and their
// numbers, changing a line, every market's label as the API draws it, approving one (and the refusals
// of an incomplete or untranslated label), the approved files unchanged after a change, the diff, the
// ingredient page with its copy-and-edit, and escaping.
import { afterEach, describe, expect, it } from 'vitest';
import { importPublicIngredients } from '../../src/services/ingredients/index.js';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { bakeryRecipe, cookiesOf, csrfOf, FORM, studioSignIn } from '../support/studio.js';

const MARKETS = ['en-US', 'en-CA', 'en-GB', 'fr-FR', 'de-DE', 'en-AU', 'es-MX'] as const;
const API_QUERY: Record<(typeof MARKETS)[number], string> = {
  'en-US': 'language=en-US',
  'en-CA': 'language=en-CA&format=ca_bilingual',
  'en-GB': 'language=en-GB',
  'fr-FR': 'language=fr-FR',
  'de-DE': 'language=de-DE',
  'en-AU': 'language=en-AU',
  'es-MX': 'language=es-MX',
};

describe.each(databaseKinds())('label studio on %s', (kind) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  it('signs in with an API key on its own form, with the session the account page uses (one sign-in for both)', async () => {
    t = await createTestApp(kind);
    const start = await t.app.inject({ method: 'GET', url: '/studio' });
    expect(start.statusCode).toBe(200);
    expect(start.body).toContain('name="api_key"');
    expect(csrfOf(start.body)).toMatch(/^[\w-]{40,}$/);
    // A deep link while signed out goes to the form, and the form back to it.
    const deep = await t.app.inject({ method: 'GET', url: '/studio/recipes?q=x' });
    expect(deep.statusCode).toBe(303);
    expect(deep.headers.location).toBe('/studio/sign-in?next=%2Fstudio%2Frecipes%3Fq%3Dx');
    const form = await t.app.inject({ method: 'GET', url: deep.headers.location as string });
    expect(form.body).toContain('name="next" value="/studio/recipes?q=x"');
    const login = cookiesOf(form).recipal_login!;
    const signIn = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/studio/session',
        headers: { ...FORM, cookie: `recipal_login=${login}`, ...headers },
        payload: new URLSearchParams({ csrf: csrfOf(form.body)!, next: '/studio/recipes?q=x', ...fields }).toString(),
      });
    const wrong = await signIn({ api_key: 'rcp_nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('unknown or has been revoked');
    expect((await signIn({ api_key: t.accountA.key }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await signIn({ api_key: t.accountA.key, csrf: 'forged' })).statusCode).toBe(403);
    const ok = await signIn({ api_key: t.accountA.key });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/studio/recipes?q=x');
    const line = [ok.headers['set-cookie']]
      .flat()
      .map(String)
      .find((c) => c.startsWith('recipal_session='))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\/;/);
    const cookie = `recipal_session=${cookiesOf(ok).recipal_session}`;
    const account = await t.app.inject({ method: 'GET', url: '/account', headers: { cookie } });
    expect(account.body).toContain('Account A');
    expect(account.body).toContain('href="/studio/recipes"');
    const recipes = await t.app.inject({ method: 'GET', url: '/studio/recipes', headers: { cookie } });
    expect(recipes.body).toContain('href="/account"');
    // A next that leaves the studio is ignored.
    for (const next of [
      'https://evil.example/',
      '//evil.example/studio',
      '/account',
      '/studio/../v1',
      '/studio/%2e%2e/v1',
      '/studio//evil.example',
    ]) {
      const again = await t.app.inject({ method: 'GET', url: `/studio/sign-in?next=${encodeURIComponent(next)}`, headers: { cookie } });
      expect(again.headers.location, next).toBe('/studio/recipes');
    }
    // Signing out ends the session for both pages.
    const out = await t.app.inject({
      method: 'POST',
      url: '/studio/sign-out',
      headers: { ...FORM, cookie },
      payload: `csrf=${csrfOf(recipes.body)}`,
    });
    expect(out.statusCode).toBe(303);
    expect((await t.app.inject({ method: 'GET', url: '/account', headers: { cookie } })).body).toContain('name="api_key"');
    expect((await t.app.inject({ method: 'GET', url: '/studio/recipes', headers: { cookie } })).statusCode).toBe(303);
  });

  it('sends a strict CSP with a fresh nonce on every page, no inline script or style allowed, and is never framed or cached', async () => {
    t = await createTestApp(kind);
    const { recipeId } = await bakeryRecipe(t.client());
    const s = await studioSignIn(t, t.accountA.key);
    const nonces = new Set<string>();
    for (const url of ['/studio/sign-in', '/studio/recipes', `/studio/recipes/${recipeId}`, `/studio/recipes/${recipeId}/labels`]) {
      // The sign-in form as a signed-out visitor sees it; the other pages signed in.
      const page = url === '/studio/sign-in' ? await t.app.inject({ method: 'GET', url }) : await s.get(url);
      const csp = String(page.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'none'");
      expect(csp).toMatch(/script-src 'strict-dynamic' 'nonce-[0-9a-f]{32}'/);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("form-action 'self'");
      const nonce = /'nonce-([0-9a-f]{32})'/.exec(csp)![1]!;
      nonces.add(nonce);
      // The one script tag carries the header's nonce; nothing else runs inline.
      expect(page.body.match(/<script\b[^>]*>/g)).toEqual([expect.stringContaining(`nonce="${nonce}"`)]);
      expect(page.body).not.toMatch(/<script\b[^>]*>[^<]+<\/script>/);
      expect(page.body).not.toMatch(/\sstyle="/);
      expect(page.body).not.toMatch(/\son[a-z]+="/);
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['referrer-policy']).toBe('same-origin');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(nonces.size).toBe(4);
    const css = await s.get('/studio/assets/studio.css');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await s.get('/studio/assets/pico.min.css')).body).toContain('Pico CSS');
    expect((await s.get('/studio/assets/studio.js')).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await s.get('/studio/assets/..%2Fpaths.ts')).statusCode).toBe(404);
  });

  it('lists, searches and pages recipes, escaping what it prints', async () => {
    t = await createTestApp(kind);
    const owner = t.client();
    for (let i = 1; i <= 22; i++) await owner.post('/v1/recipes', { recipe: { name: `Loaf ${String(i).padStart(2, '0')}`, servings: 2 } });
    await owner.post('/v1/recipes', { recipe: { name: '<script>alert(1)</script> & cake', servings: 1 } });
    const s = await studioSignIn(t, t.accountA.key);
    const first = await s.get('/studio/recipes');
    expect(first.body).toContain('23 recipes');
    expect(first.body).toContain('Page 1 of 2');
    expect(first.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; cake');
    expect(first.body).not.toContain('<script>alert');
    const second = await s.get('/studio/recipes?page=2');
    expect(second.body.match(/href="\/studio\/recipes\/\d+"/g)).toHaveLength(3);
    const search = await s.get('/studio/recipes?q=loaf%2007');
    expect(search.body).toContain('1 recipe matching');
    expect(search.body).toContain('Loaf 07');
    const none = await s.get(`/studio/recipes?q=${'x'.repeat(5000)}`);
    expect(none.statusCode).toBe(200);
    expect(none.body).toContain('No recipe matches');
  });

  it('shows a recipe: lines with grams and shares, yield, costs, and what is unknown in plain words', async () => {
    t = await createTestApp(kind);
    const r = await bakeryRecipe(t.client());
    const s = await studioSignIn(t, t.accountA.key);
    const page = await s.get(`/studio/recipes/${r.recipeId}`);
    expect(page.statusCode).toBe(200);
    const body = page.body;
    // 250 g flour + 227 g butter + 100 g sugar = 577 g; 24 servings of 24 g.
    expect(body).toContain('<dd id="batch">577 g net');
    expect(body).toContain('24 per package, 24 g each (1 cookie)');
    for (const [grams, share] of [
      ['250 g', '43.3%'],
      ['227 g', '39.3%'],
      ['100 g', '17.3%'],
    ]) {
      expect(body).toContain(grams);
      expect(body).toContain(share);
    }
    // Flour 2 x 0.40 + sugar 0.5 x 0.60 = 1.10 a batch; butter has no price and is named.
    expect(body).toContain('<dd id="cost-package">at least $1.10</dd>');
    expect(body).toMatch(/id="missing-costs">No price on 2026-11-18 for <a href="\/studio\/ingredients\/\d+">Butter, unsalted<\/a>/);
    expect(body).toMatch(
      /<strong>Vitamin D<\/strong> is not known for <a href="\/studio\/ingredients\/\d+">Butter, unsalted<\/a> \(227 g\)/,
    );
    expect(body).toMatch(/<strong>Potassium<\/strong> is not known for/);
    expect(body).toContain('incomplete: not for print');
  });

  it('changes a line from the page: a new revision, and a bad amount is said on the line with nothing changed', async () => {
    t = await createTestApp(kind);
    const r = await bakeryRecipe(t.client());
    const s = await studioSignIn(t, t.accountA.key);
    const before = json(await t.client().get(`/v1/recipes/${r.recipeId}/revisions`)).length;
    const saved = await s.post(`/studio/recipes/${r.recipeId}/lines/${r.lineIds.butter}`, { quantity: '0.75', unit: '1 cup' });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(`/studio/recipes/${r.recipeId}?saved=line#line-${r.lineIds.butter}`);
    const line = json(await t.client().get(`/v1/recipes/${r.recipeId}/recipe_ingredients/${r.lineIds.butter}`)).recipe_ingredient;
    expect(line.quantity).toBe(0.75);
    expect(line.total_grams).toBe(170.25);
    const revisions = json(await t.client().get(`/v1/recipes/${r.recipeId}/revisions`));
    expect(revisions).toHaveLength(before + 1);
    expect(revisions[0].revision.changed_by).toBe(t.accountA.key.slice(0, 12));
    const after = await s.get(`/studio/recipes/${r.recipeId}?saved=line`);
    expect(after.body).toContain('Saved. The recipe has a new revision');
    for (const [quantity, unit, message] of [
      ['-1', '1 cup', 'quantity: must be greater than or equal to 0'],
      ['lots', '1 cup', 'quantity: must be a number'],
      ['1', '1 bucket', 'is not a unit of Butter, unsalted'],
    ] as const) {
      const refused = await s.post(`/studio/recipes/${r.recipeId}/lines/${r.lineIds.butter}`, { quantity, unit });
      expect(refused.statusCode, quantity).toBe(422);
      expect(refused.body).toContain(message);
      expect(refused.body).toContain(`value="${quantity}"`);
    }
    expect(json(await t.client().get(`/v1/recipes/${r.recipeId}/revisions`))).toHaveLength(before + 1);
    const missing = await s.post(`/studio/recipes/${r.recipeId}/lines/999999`, { quantity: '1', unit: '1 cup' });
    expect(missing.statusCode).toBe(404);
  });

  it("shows every market's label, each file the same bytes as the API's, with why one cannot be approved", async () => {
    t = await createTestApp(kind);
    const r = await bakeryRecipe(t.client());
    const s = await studioSignIn(t, t.accountA.key);
    const page = await s.get(`/studio/recipes/${r.recipeId}/labels`);
    expect(page.statusCode).toBe(200);
    // The drawings are in the page, as data: URLs (the CSP admits data: images; no second evaluation per image).
    const shown = [...page.body.matchAll(/<img src="data:image\/svg\+xml;charset=utf-8,([^"]+)" alt="([^"]+)"/g)].map((m) => ({
      svg: decodeURIComponent(m[1]!.replace(/&amp;/g, '&').replace(/&#39;/g, "'")),
      alt: m[2]!,
    }));
    for (const market of MARKETS) {
      expect(page.body, market).toContain(`id="market-${market}"`);
      const api = await t.client().get(`/v1/recipes/${r.recipeId}/label.svg?${API_QUERY[market]}`);
      expect(shown.find((img) => img.alt.startsWith('Nutrition label') && img.alt.includes(`(${market},`))?.svg, market).toBe(api.body);
      const studio = await s.get(`/studio/recipes/${r.recipeId}/labels/${market}.svg`);
      expect(studio.statusCode, market).toBe(200);
      expect(studio.headers['content-type']).toBe('image/svg+xml');
      expect(studio.body, market).toBe(api.body);
      expect(studio.headers['x-label-complete']).toBe(api.headers['x-label-complete']);
    }
    // Butter's unknown vitamin D and potassium: the US and Canadian tables print them, so they are incomplete.
    expect(page.body).toContain('id="status-en-US">Incomplete: not for print');
    expect(page.body).toContain('id="status-en-GB">Complete');
    // Canada: English names in the French statement can never be approved (FDR B.01.012(2)).
    expect(page.body).toContain('id="cannot-approve-en-CA"');
    expect(page.body).not.toContain('id="approve-en-CA"');
    // The UK traffic light and the Mexican octagons are drawn beside their labels.
    expect(page.body).toContain(`/studio/recipes/${r.recipeId}/front-of-pack/en-GB.svg`);
    const panel = await s.get(`/studio/recipes/${r.recipeId}/front-of-pack/en-GB.svg`);
    const apiPanel = (await t.client().get(`/v1/recipes/${r.recipeId}/front_of_pack.svg?language=en-GB`)).body;
    expect(panel.body).toBe(apiPanel);
    expect(shown.find((img) => img.alt.startsWith('UK front-of-pack'))?.svg).toBe(apiPanel);
    const png = await s.get(`/studio/recipes/${r.recipeId}/labels/de-DE.png`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const pdf = await s.get(`/studio/recipes/${r.recipeId}/labels/es-MX.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toBe('inline; filename="shortbread-es-mx-label.pdf"');
    for (const file of ['xx-XX.svg', 'en-US.gif', 'en-US', '..%2Fen-US.svg']) {
      expect((await s.get(`/studio/recipes/${r.recipeId}/labels/${file}`)).statusCode, file).toBe(404);
    }
  });

  it("approves a market's label, refuses an incomplete one unless accepted, and keeps the approved files after a change", async () => {
    t = await createTestApp(kind);
    const r = await bakeryRecipe(t.client());
    const s = await studioSignIn(t, t.accountA.key);
    const approved = await s.post(`/studio/recipes/${r.recipeId}/approvals`, { market: 'en-GB', note: 'Checked by QA' });
    expect(approved.statusCode).toBe(303);
    const id = Number(/approved=(\d+)/.exec(String(approved.headers.location))![1]);
    const approval = json(await t.client().get(`/v1/label_approvals/${id}`)).label_approval;
    expect(approval).toMatchObject({
      language: 'en-GB',
      format: 'eu_table',
      note: 'Checked by QA',
      approved_by: t.accountA.key.slice(0, 12),
    });
    const files: Record<string, Buffer> = {};
    for (const format of ['svg', 'png', 'pdf']) {
      const studio = await s.get(`/studio/approvals/${id}/label.${format}`);
      const api = await t.client().get(`/v1/label_approvals/${id}.${format}`);
      expect(studio.rawPayload.equals(api.rawPayload), format).toBe(true);
      files[format] = studio.rawPayload;
    }
    const labels = await s.get(`/studio/recipes/${r.recipeId}/labels?approved=${id}`);
    expect(labels.body).toContain(`Approved: approval ${id}.`);
    expect(labels.body).toContain('This is still the label the recipe gives.');

    // The US label is incomplete: refused, said on its card, nothing approved; approved with the box ticked.
    const refused = await s.post(`/studio/recipes/${r.recipeId}/approvals`, { market: 'en-US' });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('The label was not approved');
    expect(refused.body).toContain('missing_nutrient: Vitamin D');
    const canada = await s.post(`/studio/recipes/${r.recipeId}/approvals`, { market: 'en-CA', accept_incomplete: 'true' });
    expect(canada.statusCode).toBe(422);
    expect(canada.body).toContain('The French statement falls back to English');
    expect(json(await t.client().get(`/v1/recipes/${r.recipeId}/label_approvals`))).toHaveLength(1);
    const accepted = await s.post(`/studio/recipes/${r.recipeId}/approvals`, { market: 'en-US', accept_incomplete: 'true' });
    expect(accepted.statusCode).toBe(303);
    expect(json(await t.client().get(`/v1/recipes/${r.recipeId}/label_approvals`))).toHaveLength(2);
    expect((await s.post(`/studio/recipes/${r.recipeId}/approvals`, { market: 'xx-XX' })).statusCode).toBe(404);
    const long = await s.post(`/studio/recipes/${r.recipeId}/approvals`, { market: 'en-GB', note: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(422);
    expect(long.body).toContain('The note must be at most 2000 characters.');
    expect(json(await t.client().get(`/v1/recipes/${r.recipeId}/label_approvals`))).toHaveLength(2);

    // Change the recipe: the approval's files stay byte for byte; its page shows the change and its causes.
    expect((await s.post(`/studio/recipes/${r.recipeId}/lines/${r.lineIds.sugar}`, { quantity: '1', unit: '1 cup' })).statusCode).toBe(303);
    for (const format of ['svg', 'png', 'pdf']) {
      expect((await s.get(`/studio/approvals/${id}/label.${format}`)).rawPayload.equals(files[format]!), format).toBe(true);
    }
    const page = await s.get(`/studio/approvals/${id}`);
    expect(page.body).toContain('id="changed"');
    expect(page.body).toMatch(/<td>Total sugars<\/td><td><del>[^<]+<\/del><\/td><td><ins>[^<]+<\/ins><\/td>/);
    expect(page.body).toContain('Line: Sugar, granulated');
    const after = await s.get(`/studio/recipes/${r.recipeId}/labels`);
    expect(after.body).toContain('The label has changed since.');
  });

  it('lists revisions in plain words and compares any two, with the labels of every market', async () => {
    t = await createTestApp(kind);
    const r = await bakeryRecipe(t.client());
    const s = await studioSignIn(t, t.accountA.key);
    await s.post(`/studio/recipes/${r.recipeId}/lines/${r.lineIds.butter}`, { quantity: '0.5', unit: '1 cup' });
    await t.client().put(`/v1/ingredients/${r.sugarId}`, { ingredient: { sodium: 4 } });
    const revisions = json(await t.client().get(`/v1/recipes/${r.recipeId}/revisions`));
    const newest = revisions[0].revision.number;
    const list = await s.get(`/studio/recipes/${r.recipeId}/revisions`);
    expect(list.body).toContain(`id="revision-${newest}"`);
    expect(list.body).toContain('Ingredient: Sugar, granulated');
    expect(list.body).toContain('Sodium per 100 g');
    expect(list.body).toContain('Created as &quot;Shortbread&quot;');
    const diff = await s.get(`/studio/recipes/${r.recipeId}/revisions/diff?from=${newest - 2}&to=${newest}`);
    expect(diff.statusCode).toBe(200);
    expect(diff.body).toMatch(
      /<td>Line: Butter, unsalted<\/td>\s*<td>Quantity<\/td>\s*<td><del>1<\/del><\/td>\s*<td><ins>0.5<\/ins><\/td>/,
    );
    for (const market of MARKETS) expect(diff.body).toContain(`id="label-diff-${market}"`);
    expect(diff.body).toMatch(/id="label-diff-en-US" open>/);
    const unknown = await s.get(`/studio/recipes/${r.recipeId}/revisions/diff?from=1&to=999`);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body).toContain('has no revision 999');
    expect((await s.get(`/studio/recipes/${r.recipeId}/revisions/diff?from=x&to=1`)).statusCode).toBe(422);
  });

  it('shows an ingredient with where each value came from; copies a library food and edits the copy', async () => {
    t = await createTestApp(kind);
    await importPublicIngredients(t.ctx, [
      {
        name: 'Library cream',
        description1: '1 cup',
        weight1: 240,
        calories: 340,
        protein: 2.8,
        fat: 36,
        fat_saturated: 23,
        fat_trans: 1.1,
        cholesterol: 113,
        carbohydrate: 2.7,
        fiber: 0,
        sugar: 2.9,
        added_sugar: 0,
        sodium: 27,
        calcium: 66,
        iron: 0,
        vitamin_a_IU: 1470,
        vitamin_c: 0.6,
        source: 'usda-sr28:01053',
      },
    ]);
    const library = json(await t.client().get('/v1/ingredients/search?q=library%20cream'))[0].ingredient.id;
    const s = await studioSignIn(t, t.accountA.key);
    const page = await s.get(`/studio/ingredients/${library}?unit=1%20cup`);
    expect(page.body).toContain('A food of the public library');
    expect(page.body).toMatch(/id="value-sodium">[\s\S]*?USDA Standard Reference, Release 28 \(NDB 01053\)/);
    expect(page.body).toMatch(/id="value-vitamin_d_mcg">[\s\S]*?<strong>Unknown<\/strong>/);
    // 27 mg per 100 g is 64.8 mg in a 240 g cup.
    expect(page.body).toMatch(/id="value-sodium">[\s\S]*?27 mg<\/td>\s*<td class="num">64.8 mg<\/td>/);
    expect(page.body).not.toContain('id="edit-values"');
    // A library food cannot be written: the edit POST is refused and nothing changes.
    const forbidden = await s.post(`/studio/ingredients/${library}`, { name: 'Mine now', 'values[sodium]': '1' });
    expect(forbidden.statusCode).toBe(403);

    const copied = await s.post(`/studio/ingredients/${library}/copy`, { name: 'Our cream' });
    expect(copied.statusCode).toBe(303);
    const copyId = Number(/ingredients\/(\d+)\?done=copied/.exec(String(copied.headers.location))![1]);
    const copyPage = await s.get(`/studio/ingredients/${copyId}`);
    expect(copyPage.body).toContain('copied from <a href="/studio/ingredients/');
    expect(copyPage.body).toContain('id="edit-values"');
    const bad = await s.post(`/studio/ingredients/${copyId}`, {
      name: 'Our cream',
      'values[vitamin_d_mcg]': 'some',
      'values[sodium]': '27',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('vitamin_d_mcg: must be a number');
    const saved = await s.post(`/studio/ingredients/${copyId}`, {
      name: 'Our cream',
      'values[vitamin_d_mcg]': '0,6',
      'values[sodium]': '27',
    });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(`/studio/ingredients/${copyId}?done=saved`);
    const written = json(await t.client().get(`/v1/ingredients/${copyId}`)).ingredient;
    // Responses give nutrients per 100 g, as the page wrote them (docs/api.md#round-trips).
    expect(written.vitamin_d_mcg).toBe(0.6);
    const audit = json(await t.client().get('/v1/audit_events?resource=ingredient'));
    expect(audit[0].audit_event.fields).toEqual(['vitamin_d_mcg', 'nutrient_basis']);
    const unchanged = await s.post(`/studio/ingredients/${copyId}`, { name: 'Our cream', 'values[sodium]': '27' });
    expect(unchanged.headers.location).toBe(`/studio/ingredients/${copyId}?done=unchanged`);
  });

  it('answers a page, not JSON, for what it cannot find or read', async () => {
    t = await createTestApp(kind);
    const s = await studioSignIn(t, t.accountA.key);
    for (const url of [
      '/studio/nowhere',
      '/studio/recipes/0',
      '/studio/recipes/abc',
      '/studio/recipes/99999999999',
      '/studio/ingredients/424242',
    ]) {
      const page = await s.get(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('Not found');
    }
    const huge = await t.app.inject({
      method: 'POST',
      url: '/studio/recipes/1/lines/1',
      headers: { ...FORM, cookie: s.cookie },
      payload: `csrf=${s.csrf}&quantity=${'9'.repeat(2_000_000)}`,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});
