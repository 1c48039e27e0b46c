// The default store (no Redis) wrote weekly counts to the database every 5 s, so a server
// killed with SIGKILL forgot what it had counted since; crash cycles let 240 requests through a
// weekly limit of 100. Now a process reserves request numbers in the database before it hands them
// out. Here a real `recipal serve` is killed with SIGKILL while requests are in flight, again and
// again: across all cycles no more than the weekly limit is served, no more than the per-minute
// limit in any minute, and every answered request (refused ones too) is counted.
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_BLOCK } from '../../src/db/repositories/limit-reservations.js';
import { readWeeklyUsage } from '../../src/db/repositories/weekly-usage.js';
import { createAccount } from '../../src/services/accounts/index.js';
import { weekWindow } from '../../src/services/limits/index.js';
import { TestClock } from '../support/app.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';
import { serveChild, type ServeChild } from '../support/serve-child.js';

const CYCLES = 8;
const KILL_AFTER = 30; // answers per cycle: 8 x 30 = 240 requests, as many as once passed the limit of 100
const PARALLEL = 8;
const HOUR_MS = 3_600_000;

/**
 * The child runs on the real clock. A reset zone whose week boundary is more than an hour away, so
 * the test never straddles a Monday 00:00 (the boundaries of these three zones lie 11 h or more apart).
 */
function zoneAwayFromReset(now: Date): string {
  return ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((zone) => {
    const week = weekWindow(now, zone);
    return now.getTime() - week.start.getTime() > HOUR_MS && week.end.getTime() - now.getTime() > HOUR_MS;
  })!;
}

interface Answer {
  status: number;
  /** X-RateLimit-Reset: which minute window counted the request. */
  minuteReset: string | null;
  error?: string;
}

/**
 * Runs `cycles` lives of a real server for the account: PARALLEL clients send requests until the
 * server has answered KILL_AFTER of them, and it is killed with SIGKILL while the others are in flight.
 */
async function crashCycles(
  db: TestDatabase,
  apiKey: string,
  timeZone: string,
  track: (server: ServeChild) => void,
  cycles = CYCLES,
): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let cycle = 0; cycle < cycles; cycle++) {
    const server = await serveChild(db, { WEEKLY_RESET_TIME_ZONE: timeZone });
    track(server);
    let answered = 0;
    const client = async () => {
      while (server.process.signalCode === null) {
        try {
          const response = await fetch(`${server.url}/v1/ingredients`, { headers: { authorization: `Token token=${apiKey}` } });
          const body = (await response.json()) as { error?: string };
          answers.push({ status: response.status, minuteReset: response.headers.get('x-ratelimit-reset'), error: body.error });
        } catch {
          return; // the server died under this request: it was never answered
        }
        if (++answered === KILL_AFTER) server.process.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, client));
    await server.exited;
  }
  return answers;
}

describe.each(databaseKinds())('a real server killed with SIGKILL in cycles (%s, default store)', (kind) => {
  let db: TestDatabase | undefined;
  let server: ServeChild | undefined;
  afterEach(async () => {
    if (server && server.process.exitCode === null && server.process.signalCode === null) {
      server.process.kill('SIGKILL');
      await server.exited;
    }
    await db?.drop();
  });

  async function open(limits: { weekly_limit: number; per_minute_limit: number }) {
    db = await createTestDatabase(kind);
    const created = await createAccount(
      { database: db.handle, clock: new TestClock(new Date()) },
      { name: 'Crash test', email: null, render_limit: null, ...limits },
    );
    return { accountId: created.account.id, apiKey: created.api_key, database: db };
  }

  it(`never serves more than a weekly limit of 100 across ${CYCLES} crashes, and counts every answered request`, async () => {
    const { accountId, apiKey, database } = await open({ weekly_limit: 100, per_minute_limit: 1000 });
    const timeZone = zoneAwayFromReset(new Date());
    const answers = await crashCycles(database, apiKey, timeZone, (s) => (server = s));

    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(100);
    // The limit was reached and then refused (401 WeeklyLimitExceeded); nothing else went wrong.
    expect(answers.some((a) => a.status === 401 && a.error === 'WeeklyLimitExceeded')).toBe(true);
    expect(answers.every((a) => a.status === 200 || a.status === 401)).toBe(true);
    // Every answered request is counted, refused ones too; a crash adds at most the requests it cut
    // off in flight and the unspent part of one reservation.
    const stored = await readWeeklyUsage(database.handle.db, accountId, weekWindow(new Date(), timeZone).key);
    expect(stored).toBeGreaterThanOrEqual(answers.length);
    expect(stored).toBeLessThanOrEqual(answers.length + CYCLES * (PARALLEL + MAX_BLOCK));
  }, 400_000); // each cycle starts a real server: ~3 s on an idle machine, over 10 s on a loaded one

  it('never serves more than a per-minute limit of 40 in any minute across 5 crashes', async () => {
    const { apiKey, database } = await open({ weekly_limit: 100_000, per_minute_limit: 40 });
    const answers = await crashCycles(database, apiKey, zoneAwayFromReset(new Date()), (s) => (server = s), 5);

    const byMinute = new Map<string | null, Answer[]>();
    for (const a of answers) byMinute.set(a.minuteReset, [...(byMinute.get(a.minuteReset) ?? []), a]);
    expect(byMinute.has(null)).toBe(false); // every answer carried the headers
    for (const inMinute of byMinute.values()) {
      expect(inMinute.filter((a) => a.status === 200).length).toBeLessThanOrEqual(40);
      // A minute with more requests than the limit refused the rest with 429 RateLimited.
      if (inMinute.length > 40) expect(inMinute.some((a) => a.status === 429 && a.error === 'RateLimited')).toBe(true);
    }
    expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
  }, 400_000); // each cycle starts a real server: ~3 s on an idle machine, over 10 s on a loaded one
});
