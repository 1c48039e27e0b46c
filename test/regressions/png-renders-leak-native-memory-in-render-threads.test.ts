// Regression: every PNG rendered by the pool leaked about 5 MB (resvg's native render tree and
// pixmap) until the process ran out of memory: 1.8 GB after 300 renders of a small label. The
// finalizers that free that memory run on the render thread's event loop, which piscina's default
// Atomics wait never turned between tasks, and V8 saw no reason to collect the small objects holding
// it (src/render/pool.ts, src/render/worker.ts). This file runs in its own process (the integration
// project's forks), so the resident memory measured is the pool's and this test's alone; this
// thread's own garbage (the PNGs it received) is collected before each measure, which on a loaded
// machine it otherwise held at times past the bound (184 MB once in CI), so that what is measured is
// what the render thread keeps. A main-thread collection frees nothing of the render thread's.
import { afterAll, describe, expect, it } from 'vitest';
import { garbageCollector } from '../../src/lib/collect-garbage.js';
import { createRenderPool } from '../../src/render/pool.js';
import { FDA_SAMPLE } from '../unit/render/fixtures.js';

const RENDERS = 120;
const MB = 1024 * 1024;
const collect = garbageCollector();

describe('PNG renders in the pool', () => {
  const pool = createRenderPool({ threads: 1 });
  afterAll(() => pool.close());

  it(`keep resident memory bounded over ${RENDERS} renders (the leak grew it by ~600 MB)`, async () => {
    // Warm up: the thread starts, loads its fonts and reaches its working size (its heap and the
    // allocator's arenas grow over the first few dozen renders, more slowly on a busy machine: with
    // 10 renders of warm-up, a full parallel test run once measured past the bound).
    for (let i = 0; i < 40; i++) await pool.render({ model: FDA_SAMPLE, kind: 'png' }, 1);
    collect();
    const before = process.memoryUsage.rss();
    for (let i = 0; i < RENDERS; i++) {
      const png = await pool.render({ model: FDA_SAMPLE, kind: 'png' }, 1);
      expect(png.length).toBeGreaterThan(1000);
    }
    collect();
    const grown = (process.memoryUsage.rss() - before) / MB;
    expect(grown).toBeLessThan(150);
  });
});
