// Symbol render jobs go through the same worker pool as labels: a worker's PNG and PDF are
// byte-equal to the calling thread's, and each kind is a real file of its type.
import { afterAll, describe, expect, it } from 'vitest';
import { renderInline } from '../../../src/render/inline.js';
import { createRenderPool, type SymbolRenderJob } from '../../../src/render/pool.js';

describe('symbol render jobs', () => {
  const pool = createRenderPool({ threads: 1 });
  afterAll(() => pool.close());
  const symbol = {
    scheme: 'ca_high_in' as const,
    high_in: ['sugars', 'sodium'] as const,
    language: 'bilingual' as const,
    orientation: 'vertical' as const,
    incomplete: false,
  };
  const creationDate = new Date('2026-01-01T00:00:00Z');

  it.each<[string, SymbolRenderJob, string]>([
    ['svg', { symbol: { ...symbol, high_in: [...symbol.high_in] }, kind: 'svg' }, '<svg'],
    ['png', { symbol: { ...symbol, high_in: [...symbol.high_in] }, kind: 'png', zoom: 2 }, '\x89PNG'],
    ['pdf', { symbol: { ...symbol, high_in: [...symbol.high_in] }, kind: 'pdf', pageSize: 'A4', creationDate }, '%PDF-'],
  ])('renders %s in a worker, byte-equal to renderInline', async (_kind, job, magic) => {
    const fromPool = await pool.render(job, 1);
    expect(fromPool.subarray(0, magic.length).toString('latin1')).toBe(magic);
    expect(fromPool.equals(renderInline(job))).toBe(true);
  });

  it('a PNG scales with zoom, keeping the aspect', async () => {
    const job = (zoom: number): SymbolRenderJob => ({
      symbol: { ...symbol, high_in: ['sodium'], orientation: 'horizontal' },
      kind: 'png',
      zoom,
    });
    const [one, four] = await Promise.all([pool.render(job(1), 1), pool.render(job(4), 1)]);
    const size = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)] as const;
    const [w1, h1] = size(one);
    const [w4, h4] = size(four);
    expect(Math.abs(w4 - 4 * w1)).toBeLessThanOrEqual(4);
    expect(Math.abs(h4 - 4 * h1)).toBeLessThanOrEqual(4);
  });
});
