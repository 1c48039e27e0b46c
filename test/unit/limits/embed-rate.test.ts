// PNG renders per embed token and minute (src/services/limits/embed-rate.ts), on an injected clock.
import { describe, expect, it } from 'vitest';
import { EmbedRenderRate } from '../../../src/services/limits/embed-rate.js';
import { TestClock } from '../../support/app.js';

describe('EmbedRenderRate', () => {
  it('allows perMinute renders per token in each minute window, then says when the window resets', () => {
    const clock = new TestClock(new Date('2026-11-18T12:00:00Z'));
    const rate = new EmbedRenderRate(clock, 2);
    expect(rate.take('a')).toEqual({ allowed: true });
    clock.advance(59_000);
    expect(rate.take('a')).toEqual({ allowed: true });
    expect(rate.take('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(rate.take('b')).toEqual({ allowed: true }); // each token counts apart
    clock.advance(999); // 12:00:59.999, still the same window
    expect(rate.take('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock.advance(1); // 12:01:00: a new window
    expect(rate.take('a')).toEqual({ allowed: true });
    expect(rate.take('a')).toEqual({ allowed: true });
    expect(rate.take('a')).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it('peek answers as take would, without counting', () => {
    const clock = new TestClock(new Date('2026-11-18T12:00:00Z'));
    const rate = new EmbedRenderRate(clock, 1);
    for (let i = 0; i < 3; i++) expect(rate.peek('a')).toEqual({ allowed: true });
    expect(rate.take('a')).toEqual({ allowed: true });
    expect(rate.peek('a')).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it('refusals do not count', () => {
    const clock = new TestClock(new Date('2026-11-18T12:00:30Z'));
    const rate = new EmbedRenderRate(clock, 1);
    rate.take('a');
    for (let i = 0; i < 5; i++) expect(rate.take('a')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    clock.advance(30_000);
    expect(rate.take('a')).toEqual({ allowed: true });
  });
});
