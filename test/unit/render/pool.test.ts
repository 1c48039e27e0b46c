import { afterAll, describe, expect, it } from 'vitest';
import { createRenderPool, renderInline, type RenderJob } from '../../../src/render/pool.js';
import { CA_STANDARD_FR, FDA_SAMPLE } from './fixtures.js';

describe('createRenderPool', () => {
  const pool = createRenderPool({ threads: 1 });
  afterAll(() => pool.close());
  const creationDate = new Date('2024-01-02T03:04:05Z');

  it.each<[string, RenderJob]>([
    ['svg', { model: FDA_SAMPLE, kind: 'svg' }],
    ['png', { model: FDA_SAMPLE, kind: 'png', zoom: 2 }],
    ['pdf', { model: CA_STANDARD_FR, kind: 'pdf', pageSize: 'A4', creationDate }],
  ])('renders %s in a worker, byte-equal to renderInline', async (_kind, job) => {
    const fromPool = await pool.render(job);
    expect(Buffer.isBuffer(fromPool)).toBe(true);
    expect(fromPool.length).toBeGreaterThan(1000);
    expect(fromPool.equals(renderInline(job))).toBe(true);
  });

  it('runs jobs concurrently without mixing results', async () => {
    const zooms = [1, 2, 3, 1.5];
    const outs = await Promise.all(zooms.map((zoom) => pool.render({ model: FDA_SAMPLE, kind: 'png', zoom })));
    outs.forEach((png, i) => expect(png.equals(renderInline({ model: FDA_SAMPLE, kind: 'png', zoom: zooms[i] }))).toBe(true));
  });

  it('rejects an unknown kind', async () => {
    await expect(pool.render({ model: FDA_SAMPLE, kind: 'gif' as never })).rejects.toThrow(/unknown render kind/);
  });
});
