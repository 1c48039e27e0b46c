// renderSlots.run, what the label routes call: 429 RenderConcurrencyExceeded when every slot is
// busy, and the slot always comes back, even when the render throws.
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { renderSlotsOf } from '../../src/services/limits/index.js';
import { createLimitsApp, redisAnswers, type LimitsApp, type StoreKind } from './limits-support.js';

const stores: StoreKind[] = (await redisAnswers()) ? ['database', 'redis'] : ['database'];

describe.each(stores)('renderSlots.run with the %s store', (store) => {
  let t: LimitsApp;
  afterEach(async () => {
    await t?.close();
  });

  it('runs up to the account render limit in parallel and refuses the next with 429', async () => {
    t = await createLimitsApp('sqlite', store, { limitsA: { render_limit: 2 } });
    const slots = renderSlotsOf(t.limits, t.config.defaults);
    const account = { id: t.accountA.id, weekly_limit: null, per_minute_limit: null, render_limit: 2 };
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    // Each render signals when it runs, that is once it holds its slot; the test awaits both.
    const holding: Promise<void>[] = [];
    const render = (name: string) => {
      let running!: () => void;
      holding.push(new Promise<void>((resolve) => (running = resolve)));
      return slots.run(account, () => {
        running();
        return gate.then(() => name);
      });
    };
    const running = [render('a'), render('b')];
    await Promise.all(holding);
    const third = await slots.run(account, async () => 'c').catch((error: unknown) => error);
    expect(third).toBeInstanceOf(AppError);
    expect(third).toMatchObject({ status: 429, code: 'RenderConcurrencyExceeded', headers: { 'Retry-After': '1' } });
    finish();
    expect(await Promise.all(running)).toEqual(['a', 'b']);
    expect(await slots.run(account, async () => 'd')).toBe('d');
  });

  it('releases the slot when the render throws', async () => {
    t = await createLimitsApp('sqlite', store);
    const slots = renderSlotsOf(t.limits, t.config.defaults);
    const account = { id: t.accountA.id, weekly_limit: null, per_minute_limit: null, render_limit: 1 };
    for (let i = 0; i < 3; i++) {
      await expect(
        slots.run(account, async () => {
          throw new Error('render failed');
        }),
      ).rejects.toThrow('render failed');
    }
    expect(await slots.run(account, async () => 'ok')).toBe('ok');
    // The default (5) applies when the account has no render limit of its own.
    const releases = [];
    for (let i = 0; i < 5; i++) releases.push(await slots.acquire(t.accountB.id, 5));
    const defaults = { id: t.accountB.id, weekly_limit: null, per_minute_limit: null, render_limit: null };
    await expect(slots.run(defaults, async () => 'x')).rejects.toMatchObject({ code: 'RenderConcurrencyExceeded' });
    await releases[0]?.();
    expect(await slots.run(defaults, async () => 'x')).toBe('x');
  });
});
