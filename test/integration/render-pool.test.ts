// The render pool (src/render/pool.ts) with its real worker threads: renders equal to rendering inline,
// bounds, the time limit, idle threads. Starting threads takes about a second each, which is why this
// sits with the integration tests rather than the unit tests.
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { MAX_PDF_PAGE_POINTS } from '../../src/render/bounds.js';
import { renderInline } from '../../src/render/inline.js';
import { createRenderPool, type RenderJob } from '../../src/render/pool.js';
import { ManualTimer } from '../support/manual-timer.js';
import { CA_STANDARD_FR, FDA_SAMPLE } from '../unit/render/fixtures.js';

/** The AppError a promise rejects with. */
async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('createRenderPool', () => {
  const pool = createRenderPool({ threads: 1 });
  afterAll(() => pool.close());
  const creationDate = new Date('2024-01-02T03:04:05Z');

  it.each<[string, RenderJob]>([
    ['svg', { model: FDA_SAMPLE, kind: 'svg' }],
    ['png', { model: FDA_SAMPLE, kind: 'png', zoom: 2 }],
    ['pdf', { model: CA_STANDARD_FR, kind: 'pdf', pageSize: 'A4', creationDate }],
  ])('renders %s in a worker, byte-equal to renderInline', async (_kind, job) => {
    const fromPool = await pool.render(job, 1);
    expect(Buffer.isBuffer(fromPool)).toBe(true);
    expect(fromPool.length).toBeGreaterThan(1000);
    expect(fromPool.equals(renderInline(job))).toBe(true);
  });

  it('runs jobs concurrently without mixing results', async () => {
    const zooms = [1, 2, 3, 1.5];
    const outs = await Promise.all(zooms.map((zoom) => pool.render({ model: FDA_SAMPLE, kind: 'png', zoom }, 1)));
    outs.forEach((png, i) => expect(png.equals(renderInline({ model: FDA_SAMPLE, kind: 'png', zoom: zooms[i] }))).toBe(true));
  });

  it('rejects an unknown kind', async () => {
    await expect(pool.render({ model: FDA_SAMPLE, kind: 'gif' as never }, 1)).rejects.toThrow(/unknown render kind/);
  });
});

describe('render bounds in the pool', () => {
  // The FDA sample label is 196 pt wide; at zoom 2 its PNG has about 392 x 1000 pixels.
  const pool = createRenderPool({ threads: 2, maxPngPixels: 500_000 });
  afterAll(() => pool.close());

  it('a PNG beyond the pixel limit is refused before it is drawn: 422 naming zoom and the largest zoom that fits', async () => {
    const error = await appErrorOf(pool.render({ model: FDA_SAMPLE, kind: 'png', zoom: 6 }, 1));
    expect(error.status).toBe(422);
    expect(error.code).toBe('ValidationFailed');
    expect(Object.keys(error.errors!)).toEqual(['zoom']);
    const largest = Number(/must be at most ([\d.]+) for this label/.exec(error.errors!.zoom![0]!)![1]);
    expect(largest).toBeGreaterThanOrEqual(0.8);
    expect(largest).toBeLessThan(6);
    // The zoom it names is drawn.
    const png = await pool.render({ model: FDA_SAMPLE, kind: 'png', zoom: largest }, 1);
    expect(png.equals(renderInline({ model: FDA_SAMPLE, kind: 'png', zoom: largest }))).toBe(true);
  });

  it("an 'auto' PDF page beyond the PDF page limit is refused naming page_size, before anything is drawn", async () => {
    // About 15,000 pt of ingredient statement (laid out in ~25 ms; drawing it would take seconds).
    const statement = `Ingredients: ${Array.from({ length: 5200 }, (_, i) => `Ingredient ${i}`).join(', ')}.`;
    const tall = { ...FDA_SAMPLE, ingredient_statement: statement };
    const error = await appErrorOf(pool.render({ model: tall, kind: 'pdf', pageSize: 'auto' }, 1));
    expect(error.status).toBe(422);
    expect(Object.keys(error.errors!)).toEqual(['page_size']);
    expect(error.errors!.page_size![0]).toContain(`${MAX_PDF_PAGE_POINTS.toLocaleString('en-US')} pt`);
  });
});

describe('the render time limit in the pool', () => {
  const timer = new ManualTimer();
  const pool = createRenderPool({ threads: 2, timeLimitMs: 750, timer });
  afterAll(() => pool.close());

  it('a render over the limit is answered 422 RenderTimedOut, its thread is stopped, and the next render is served', async () => {
    // The first render starts a thread (none run before).
    expect(pool.threadIds()).toEqual([]);
    await pool.render({ model: FDA_SAMPLE, kind: 'png', zoom: 1 }, 1);
    const before = pool.threadIds();
    expect(before).toHaveLength(1);
    // The limit is armed when the thread reports the work begun: firing it stops a running thread.
    const stopped = pool.nextThreadStop();
    const stuck = pool.render({ model: FDA_SAMPLE, kind: 'png', zoom: 6 }, 1);
    const limit = await timer.next();
    expect(limit.ms).toBe(750);
    limit.fire();
    const error = await appErrorOf(stuck);
    expect(error.status).toBe(422);
    expect(error.code).toBe('RenderTimedOut');
    expect(error.message).toContain('0.75 s');
    expect(before).toContain(await stopped);
    expect(pool.threadIds()).not.toContain(await stopped);
    // The pool serves the next render on a new thread (its timer is left alone).
    const next = pool.render({ model: FDA_SAMPLE, kind: 'png', zoom: 1 }, 1);
    expect((await timer.next()).active).toBe(true);
    expect((await next).equals(renderInline({ model: FDA_SAMPLE, kind: 'png', zoom: 1 }))).toBe(true);
    expect(pool.stats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('threads start with the first render and stop when idle', async () => {
    const idle = createRenderPool({ threads: 2, idleTimeoutMs: 1 });
    try {
      expect(idle.threadIds()).toEqual([]);
      const stopped = idle.nextThreadStop();
      const png = await idle.render({ model: FDA_SAMPLE, kind: 'png', zoom: 1 }, 1);
      expect(png.equals(renderInline({ model: FDA_SAMPLE, kind: 'png', zoom: 1 }))).toBe(true);
      const id = await stopped;
      expect(idle.threadIds()).not.toContain(id);
      expect(idle.threadIds()).toEqual([]);
      // The next render starts a thread again.
      expect((await idle.render({ model: FDA_SAMPLE, kind: 'pdf' }, 1)).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await idle.close();
    }
  });

  it('one configured thread still gets a second, for anonymous work, which never holds the only one', () => {
    const single = createRenderPool({ threads: 1 });
    expect(single.stats()).toMatchObject({ threads: 2, accountThreads: 1, anonymousThreads: 1 });
    return single.close();
  });
});
