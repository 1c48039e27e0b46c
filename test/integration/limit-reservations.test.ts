// The reservation statements of the default limit store (src/db/repositories/limit-reservations.ts)
// on each database: the block size on both sides of each boundary of the policy (an eighth of what
// is left, single numbers for the last 16, all that is wanted at or past the limit, never more than
// MAX_BLOCK), the minute row starting again in a later minute, and giving back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BLOCK, reserveMinute, reserveWeek, returnMinute, returnWeek } from '../../src/db/repositories/limit-reservations.js';
import { readWeeklyUsage } from '../../src/db/repositories/weekly-usage.js';
import { createAccount } from '../../src/services/accounts/index.js';
import { TestClock } from '../support/app.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';

describe.each(databaseKinds())('limit reservations on %s', (kind) => {
  let db: TestDatabase;
  let accountId = 0;
  let week = 0;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    const none = { email: null, weekly_limit: null, per_minute_limit: null, render_limit: null };
    accountId = (await createAccount({ database: db.handle, clock: new TestClock(new Date()) }, { name: 'R', ...none })).account.id;
  });
  afterAll(async () => {
    await db?.drop();
  });

  /** A fresh week row at `count`, then one reservation: returns its grant. */
  async function grantAt(count: number, limit: number, want: number): Promise<{ count: number; grant: number }> {
    const weekStart = `2000-01-${String(++week).padStart(2, '0')}`;
    if (count > 0) await db.handle.db.insertInto('weekly_usage').values({ account_id: accountId, week_start: weekStart, count }).execute();
    return reserveWeek(db.handle.db, accountId, weekStart, limit, want);
  }

  it.each([
    // [count already reserved, limit, want, grant]
    [0, 1000, 64, 64], // plenty left: what is wanted
    [0, 1000, 1, 1],
    [0, 100_000, 5000, MAX_BLOCK], // never more than MAX_BLOCK
    [0, 1000, 500, 125], // nor more than an eighth of what is left
    [1000 - 8 * 10, 1000, 10, 10], // left 80: an eighth is 10, exactly the want
    [1000 - 8 * 10 + 1, 1000, 10, 9], // left 79: floor(79 / 8) = 9
    [1000 - 16, 1000, 64, 2], // left 16: an eighth is 2
    [1000 - 15, 1000, 64, 1], // left 15: single numbers
    [999, 1000, 64, 1], // left 1
    [1000, 1000, 64, 64], // at the limit every number is a refusal: what is wanted
    [1500, 1000, 8, 8], // past it
    [0, 10, 64, 1], // a small limit is single numbers throughout
  ])('at count %i of limit %i, wanting %i, grants %i', async (count, limit, want, grant) => {
    const reserved = await grantAt(count, limit, want);
    expect(reserved).toEqual({ count: count + grant, grant });
  });

  it('hands out disjoint blocks to successive reservations, and takes back what is given back', async () => {
    const first = await reserveWeek(db.handle.db, accountId, '2001-01-01', 1000, 10);
    const second = await reserveWeek(db.handle.db, accountId, '2001-01-01', 1000, 5);
    expect(first).toEqual({ count: 10, grant: 10 });
    expect(second).toEqual({ count: 15, grant: 5 });
    await returnWeek(db.handle.db, accountId, '2001-01-01', 3);
    expect(await readWeeklyUsage(db.handle.db, accountId, '2001-01-01')).toBe(12);
  });

  it('starts the minute row again in a later minute; a clock behind gets numbers of the later minute', async () => {
    expect(await reserveMinute(db.handle.db, accountId, 100, 1000, 4)).toEqual({ minute: 100, count: 4, grant: 4 });
    expect(await reserveMinute(db.handle.db, accountId, 100, 1000, 2)).toEqual({ minute: 100, count: 6, grant: 2 });
    expect(await reserveMinute(db.handle.db, accountId, 101, 1000, 3)).toEqual({ minute: 101, count: 3, grant: 3 });
    expect(await reserveMinute(db.handle.db, accountId, 100, 1000, 1)).toEqual({ minute: 101, count: 4, grant: 1 });
    await returnMinute(db.handle.db, accountId, 100, 4); // a past minute: nothing to give back
    await returnMinute(db.handle.db, accountId, 101, 1);
    expect(await reserveMinute(db.handle.db, accountId, 101, 1000, 1)).toEqual({ minute: 101, count: 4, grant: 1 });
  });
});
