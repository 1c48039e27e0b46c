// Rendered labels through the HTTP API (docs/api.md#labels): SVG structure, PNG and PDF files, bad options,
// the asynchronous render with its signed link, and the parallel-render limit (docs/api.md#limits).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, makeClient, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { keepRender, removeRenders } from '../support/renders-to-look-at.js';
import { fdaSampleRecipe, pdfMediaBox, pngSize } from './labels-support.js';

afterAll(removeRenders);

describe.each(databaseKinds())('label files on %s', (kind) => {
  let t: TestApp;
  let sample: any;
  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: 'https://labels.example.com' });
    sample = await fdaSampleRecipe(t.client());
  });
  afterAll(async () => {
    await t.close();
  });
  const file = async (path: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { authorization: `Token token=${t.accountA.key}`, accept: 'application/json', ...headers },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res;
  };

  it('SVG: rows in printed order by data-key, bold names, whatever Accept says', async () => {
    const res = await file(`/v1/recipes/${sample.id}/label.svg`);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-disposition']).toBe('inline; filename="secret-granola-oats-honey-label.svg"');
    const svg = res.body;
    expect(svg.startsWith('<svg') || svg.startsWith('<?xml')).toBe(true);
    const keys = [...svg.matchAll(/data-key="([a-z_]+)"/g)].map((m) => m[1]);
    const order = [
      'calories',
      'fat',
      'fat_saturated',
      'fat_trans',
      'cholesterol',
      'sodium',
      'carbohydrate',
      'fiber',
      'sugar',
      'added_sugar',
      'protein',
      'vitamin_d',
      'calcium',
      'iron',
      'potassium',
    ];
    expect([...new Set(keys)]).toEqual(order);
    const rowOf = (_key: string) => /<g data-key="([a-z_]+)">([\s\S]*?)<\/g>/g;
    const groups = new Map<string, string>();
    for (const m of svg.matchAll(rowOf(''))) groups.set(m[1]!, (groups.get(m[1]!) ?? '') + m[2]);
    // 21 CFR 101.9(d)(5)/(d)(7): Total Fat, Cholesterol, Sodium, Total Carbohydrate, Protein names are bold; Saturated Fat is not.
    for (const bold of ['fat', 'cholesterol', 'sodium', 'carbohydrate', 'protein']) {
      expect(groups.get(bold), bold).toMatch(/font-weight="bold"[^>]*>[^<]*(Total Fat|Cholesterol|Sodium|Total Carbohydrate|Protein)/);
    }
    expect(groups.get('fat_saturated')).not.toMatch(/font-weight="bold"[^>]*>Saturated Fat/);
    expect(svg).toContain('2/3 cup (55g)');
    expect(svg).toContain('230');
  });

  it('PNG: a real PNG whose width grows with zoom; kept in a temporary folder for a look', async () => {
    const sizes: Record<string, { width: number; height: number }> = {};
    for (const [zoom, query] of [
      ['1', '?zoom=1'],
      ['3', ''],
      ['6', '?zoom=6'],
    ] as const) {
      const res = await file(`/v1/recipes/${sample.id}/label.png${query}`, { accept: 'application/json' });
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toBe('inline; filename="secret-granola-oats-honey-label.png"');
      sizes[zoom] = pngSize(res.rawPayload);
      expect(res.rawPayload.length).toBeGreaterThan(2000);
      if (kind === 'sqlite') keepRender(`label-fda-zoom${zoom}.png`, res.rawPayload);
    }
    expect(sizes['3']!.width).toBeGreaterThan(sizes['1']!.width * 2.9);
    expect(sizes['3']!.width).toBeLessThan(sizes['1']!.width * 3.1);
    expect(sizes['6']!.width).toBeGreaterThan(sizes['3']!.width * 1.9);
    for (const [name, query] of [
      ['ca-bilingual', '?language=en-CA&format=ca_bilingual&zoom=2'],
      ['fr-ca', '?language=fr-CA&zoom=2'],
    ]) {
      const res = await file(`/v1/recipes/${sample.id}/label.png${query}`);
      pngSize(res.rawPayload);
      if (kind === 'sqlite') keepRender(`label-${name}.png`, res.rawPayload);
    }
  });

  it("PDF: a real PDF; letter is 612 x 792 pt, A4 595.28 x 841.89, auto the label's own size", async () => {
    const letter = await file(`/v1/recipes/${sample.id}/label.pdf?page_size=letter`);
    expect(letter.headers['content-type']).toBe('application/pdf');
    expect(letter.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(letter.rawPayload.length).toBeGreaterThan(2000);
    expect(pdfMediaBox(letter.rawPayload)).toEqual([0, 0, 612, 792]);
    const a4 = pdfMediaBox((await file(`/v1/recipes/${sample.id}/label.pdf?page_size=A4`)).rawPayload);
    expect(a4.slice(2).map((n) => Math.round(n))).toEqual([595, 842]);
    const auto = pdfMediaBox((await file(`/v1/recipes/${sample.id}/label.pdf`)).rawPayload);
    expect(auto[2]).toBeLessThan(400);
  });

  it.each([
    ['png', 'zoom=0', 'zoom'],
    ['png', 'zoom=100', 'zoom'],
    ['png', 'zoom=abc', 'zoom'],
    ['png', 'zoom=0.79', 'zoom'],
    ['png', 'zoom=6.01', 'zoom'],
    ['pdf', 'page_size=A9', 'page_size'],
    ['svg', 'language=xx', 'language'],
    ['pdf', 'language=en-US&format=ca_standard', 'format'],
  ])('.%s?%s is a 400 naming %s', async (format, query, field) => {
    const res = await t.client().get(`/v1/recipes/${sample.id}/label.${format}?${query}`);
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toBe('BadRequest');
    expect(Object.keys(json(res).errors)).toEqual([field]);
  });

  it.each([
    ['0.8', 0.8],
    ['6', 6],
  ])('zoom=%s (the boundary) is accepted', async (zoom, factor) => {
    const one = pngSize((await file(`/v1/recipes/${sample.id}/label.png?zoom=1`)).rawPayload).width;
    const width = pngSize((await file(`/v1/recipes/${sample.id}/label.png?zoom=${zoom}`)).rawPayload).width;
    expect(Math.abs(width - one * factor)).toBeLessThanOrEqual(2);
  });

  it('?async=true: 202, ready once the render settles, signed absolute URL downloadable without a key', async () => {
    const started = await t.client().get(`/v1/recipes/${sample.id}/label.png?async=true&zoom=2`);
    expect(started.statusCode).toBe(202);
    const render = json(started).label_render;
    expect(render).toMatchObject({ status: 'waiting', format: 'png' });
    expect(render.token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // Before it is done the status says so; the test then awaits the render itself, not a clock.
    expect(['waiting', 'processing', 'ready']).toContain(
      json(await t.client().get(`/v1/recipes/label_renders/${render.token}`)).label_render.status,
    );
    await t.app.labelRenders.settled(render.token);
    const status = json(await t.client().get(`/v1/recipes/label_renders/${render.token}`)).label_render;
    expect(status.status).toBe('ready');
    const url = new URL(status.url);
    expect(`${url.protocol}//${url.host}`).toBe('https://labels.example.com');
    expect(url.pathname).toBe(`/v1/label_renders/${render.token}/download`);
    const anon = makeClient(t.app, null);
    const download = await anon.get(url.pathname + url.search);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(pngSize(download.rawPayload).width).toBe(pngSize((await file(`/v1/recipes/${sample.id}/label.png?zoom=2`)).rawPayload).width);
    // Same link under /api/v1.
    expect((await anon.get(`/api${url.pathname}${url.search}`)).statusCode).toBe(200);

    // Tampered: another signature, another expiry, another token.
    const sig = url.searchParams.get('signature')!;
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    const tampered = [
      `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${flipped}`,
      `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 3600}&signature=${sig}`,
      `${url.pathname}?expires=${url.searchParams.get('expires')}`,
      `/v1/label_renders/${render.token}x/download${url.search}`,
    ];
    for (const path of tampered) {
      const res = await anon.get(path);
      expect(res.statusCode, path).toBe(403);
      expect(json(res).error).toBe('Forbidden');
    }
    // Expired: 10 minutes later the link is dead; a fresh poll hands out a new one.
    t.clock.advance(601_000);
    const expired = await anon.get(url.pathname + url.search);
    expect(expired.statusCode).toBe(403);
    expect(json(expired).message).toMatch(/expired/);
    const fresh = new URL(json(await t.client().get(`/v1/recipes/label_renders/${render.token}`)).label_render.url);
    expect((await anon.get(fresh.pathname + fresh.search)).statusCode).toBe(200);
    // Only the owner polls.
    expect((await t.client(t.accountB.key).get(`/v1/recipes/label_renders/${render.token}`)).statusCode).toBe(404);
    expect((await t.client().get('/v1/recipes/label_renders/nope')).statusCode).toBe(404);
    // Renders are kept an hour, then gone.
    t.clock.advance(3600_000);
    expect((await t.client().get(`/v1/recipes/label_renders/${render.token}`)).statusCode).toBe(404);
  });

  it('?async=true for SVG and PDF; the URL falls back to the listen address without PUBLIC_URL', async () => {
    const other = await createTestApp(kind);
    try {
      const recipe = await fdaSampleRecipe(other.client());
      for (const format of ['svg', 'pdf']) {
        const render = json(await other.client().get(`/v1/recipes/${recipe.id}/label.${format}?async=true`)).label_render;
        await other.app.labelRenders.settled(render.token);
        const status = json(await other.client().get(`/v1/recipes/label_renders/${render.token}`)).label_render;
        expect(status).toMatchObject({ status: 'ready', format });
        expect(status.url).toMatch(
          new RegExp(`^http://127\\.0\\.0\\.1:3000/v1/label_renders/${render.token}/download\\?expires=\\d+&signature=`),
        );
        const url = new URL(status.url);
        const res = await makeClient(other.app, null).get(url.pathname + url.search);
        expect(res.headers['content-type']).toMatch(format === 'svg' ? /^image\/svg\+xml/ : /^application\/pdf/);
      }
    } finally {
      await other.close();
    }
  });
});
