// Regression: four parallel 10,000-row dry-run imports on SQLite put another account's p99 at 1.2 s
// (`npm run bench attacks`). An import is one write transaction, and SQLite has one writer: while an
// import holds it, every write of the process waits (on PostgreSQL, a reservation waits likewise for
// a transaction holding the account's counter rows). The bystander's requests waited because the
// default limit store reserved its next block of request numbers only once the block in use was
// spent, and at each minute's first request: a write, queued behind the import. Now the next block
// is reserved in the background when the block in use is half spent, and an active account's next
// minute shortly before it begins, so a request with numbers in hand never waits for the writer.
// Here a transaction left open holds the writer, as an import's does, and the order of events (the
// store's "a request waits" event against the answer) says whether a request waited; no clock is read.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseLimitStore, LIMITS_CHANNEL, type LimitsEvent } from '../../src/services/limits/database.js';
import { flourBody, json } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { holdWriter } from '../support/hold-writer.js';
import { createLimitsApp, type LimitsApp } from '../integration/limits-support.js';

/** The events the store publishes from now on. */
function recordEvents(): { events: LimitsEvent[]; stop(): void } {
  const events: LimitsEvent[] = [];
  const listener = (message: unknown) => events.push(message as LimitsEvent);
  subscribe(LIMITS_CHANNEL, listener);
  return { events, stop: () => unsubscribe(LIMITS_CHANNEL, listener) };
}

/** Resolves with 'waited' when a request of the account has to wait for a reservation, else with the answer. */
function answerOrWait(accountId: number, send: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse | 'waited'> {
  return new Promise((resolve, reject) => {
    const listener = (message: unknown) => {
      const event = message as LimitsEvent;
      if (event.event === 'waiting' && event.accountId === accountId) {
        unsubscribe(LIMITS_CHANNEL, listener);
        resolve('waited');
      }
    };
    subscribe(LIMITS_CHANNEL, listener);
    send().then((response) => {
      unsubscribe(LIMITS_CHANNEL, listener);
      resolve(response);
    }, reject);
  });
}

const granted = (events: LimitsEvent[], accountId: number, window: 'minute' | 'week', reason?: string) =>
  events
    .filter((e) => e.event === 'reserved' && e.accountId === accountId && e.window === window && (!reason || e.reason === reason))
    .reduce((n, e) => n + (e.event === 'reserved' ? e.grant : 0), 0);

describe.each(databaseKinds())("another account's requests while an import holds the writer (%s, default store)", (kind) => {
  let t: LimitsApp;
  let recorder: ReturnType<typeof recordEvents> | undefined;
  afterEach(async () => {
    recorder?.stop();
    await t?.close();
  });

  /** Account B with an ingredient to read (written before the writer is held); its URL. */
  async function bystander(): Promise<string> {
    const created = await t.client(t.accountB.key).post('/v1/ingredients', flourBody({ name: 'Bystander flour' }));
    expect(created.statusCode).toBe(201);
    return `/v1/ingredients/${json(created).ingredient.id}`;
  }

  it('requests with numbers in hand, and with the block reserved ahead, are answered without waiting; past them one waits', async () => {
    t = await createLimitsApp(kind, 'database', { start: '2026-11-18T12:00:10Z' });
    const store = t.limits as DatabaseLimitStore;
    const b = t.accountB;
    recorder = recordEvents();
    const url = await bystander();
    const get = () => t.client(b.key).get(url);
    let sent = 1;
    // Warm up (at most 20 requests) until a block ahead is in hand in both windows.
    while (
      sent < 20 &&
      (granted(recorder.events, b.id, 'minute', 'ahead') === 0 || granted(recorder.events, b.id, 'week', 'ahead') === 0)
    ) {
      expect((await get()).statusCode).toBe(200);
      sent++;
      await store.reservationsDone();
    }
    const inHand = Math.min(granted(recorder.events, b.id, 'minute'), granted(recorder.events, b.id, 'week')) - sent;
    expect(inHand).toBeGreaterThan(8);

    const release = await holdWriter(t.db.handle, [b.id]);
    const order: string[] = [];
    let pending: Promise<LightMyRequestResponse> | undefined;
    try {
      for (let i = 0; i < inHand; i++) {
        const answer = await answerOrWait(b.id, get);
        expect(answer).not.toBe('waited');
        const response = answer as LightMyRequestResponse;
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-ratelimit-remaining']).toBe(String(1000 - sent - 1 - i));
      }
      // The premise: the writer is held. Past the numbers in hand a request waits for it (the block
      // ahead it needs was asked for while the writer was held), and is answered once it is free.
      const waits = answerOrWait(b.id, () => {
        pending = get().then((response) => {
          order.push('answered');
          return response;
        });
        return pending;
      });
      expect(await waits).toBe('waited');
      order.push('writer released');
    } finally {
      await release();
    }
    expect((await pending!).statusCode).toBe(200);
    expect(order).toEqual(['writer released', 'answered']);
  });

  it("an active account's first request of a new minute is answered without waiting: its block was reserved before the minute began", async () => {
    t = await createLimitsApp(kind, 'database', { start: '2026-11-18T12:00:40Z' });
    const store = t.limits as DatabaseLimitStore;
    const b = t.accountB;
    recorder = recordEvents();
    const url = await bystander();
    const get = () => t.client(b.key).get(url);
    for (let i = 0; i < 6; i++) {
      await get();
      await store.reservationsDone();
    }
    t.clock.set('2026-11-18T12:00:56Z');
    await get();
    await store.reservationsDone();
    expect(granted(recorder.events, b.id, 'minute', 'next')).toBeGreaterThan(1);

    const release = await holdWriter(t.db.handle, [b.id]);
    try {
      t.clock.set('2026-11-18T12:01:00Z');
      const answer = await answerOrWait(b.id, get);
      expect(answer).not.toBe('waited');
      const response = answer as LightMyRequestResponse;
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-remaining']).toBe('999');
      expect(response.headers['x-ratelimit-reset']).toBe(String(Date.parse('2026-11-18T12:02:00Z') / 1000));
    } finally {
      await release();
    }
  });
});
