// Reservations of request numbers for the default limit store (docs/scaling.md "Limits without
// Redis"). Each reservation is one atomic statement (an upsert that adds a block to the window's
// count and returns the new count with the block's size), so processes sharing the database never
// receive the same number, and a block is on disk before any of its numbers is handed out.
import { must } from '../../lib/must.js';
import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import type { Executor } from '../schema.js';

/** A reservation takes at most this share of what remains below the limit... */
export const RESERVE_SHARE = 8;
/** ...and never more than this many numbers (what a crash can lose per account and window). */
export const MAX_BLOCK = 256;

/** Numbers `count + 1 - grant` ... `count` of the window are the caller's. */
export interface Reserved {
  count: number;
  grant: number;
}

/**
 * The block size for a window whose count is `count` (an SQL expression), when the caller would
 * like `want` numbers: below the limit, at most an eighth of what remains, and single numbers for
 * the last 2 x 8, so a number held unspent by an idle process can only keep a few requests from
 * being served, and the limit is reached exactly. At or past the limit every number is a refusal
 * (counted: rejected requests count toward the week), so the caller gets all it wants.
 */
function grantFor(count: RawBuilder<unknown>, limit: unknown, want: unknown): RawBuilder<number> {
  const left = sql`(cast(${limit} as integer) - ${count})`;
  const w = sql`cast(${want} as integer)`;
  // Literals, not parameters: SQLite binds a JavaScript number as a real, and real division would
  // make fractional blocks.
  const share = sql.lit(RESERVE_SHARE);
  return sql<number>`(case
    when ${left} <= 0 then ${w}
    when ${left} < ${sql.lit(RESERVE_SHARE * 2)} then 1
    when ${left} / ${share} < ${w} then ${left} / ${share}
    else ${w} end)`;
}

type Values = { account: number; window: number | string; limit: number; want: number };

/**
 * A reservation statement compiled once per database (Kysely would rebuild and recompile it on every
 * call: most of a reservation's CPU time). It is built with a marker for each value, so the order in
 * which the compiled SQL takes its parameters is read off the compiled query itself.
 */
function compiledOnce<Row>(build: (v: Record<keyof Values, unknown>) => RawBuilder<Row>) {
  const keys: (keyof Values)[] = ['account', 'window', 'limit', 'want'];
  const markers = Object.fromEntries(keys.map((k) => [k, `\u0000${k}`])) as Record<keyof Values, string>;
  const compiled = new WeakMap<Executor, { query: CompiledQuery<Row>; order: (keyof Values)[] }>();
  return async (db: Executor, values: Values): Promise<Row> => {
    let entry = compiled.get(db);
    if (!entry) {
      const query = build(markers).compile(db);
      entry = { query, order: query.parameters.map((p) => String(p).slice(1) as keyof Values) };
      compiled.set(db, entry);
    }
    const { rows } = await db.executeQuery<Row>({ ...entry.query, parameters: entry.order.map((k) => values[k]) });
    return must(rows[0], 'the row a reservation statement returns');
  };
}

const weekStatement = compiledOnce<{ count: number; last_grant: number }>((v) => {
  const first = grantFor(sql`0`, v.limit, v.want);
  const next = grantFor(sql.ref('weekly_usage.count'), v.limit, v.want);
  return sql`
    insert into weekly_usage (account_id, week_start, count, last_grant) values (${v.account}, ${v.window}, ${first}, ${first})
    on conflict (account_id, week_start) do update set count = weekly_usage.count + ${next}, last_grant = ${next}
    returning count, last_grant`;
});

const minuteStatement = compiledOnce<{ minute: number; count: number; last_grant: number }>((v) => {
  const first = grantFor(sql`0`, v.limit, v.want);
  const next = grantFor(sql.ref('minute_usage.count'), v.limit, v.want);
  const later = sql`minute_usage.minute < cast(${v.window} as integer)`;
  return sql`
    insert into minute_usage (account_id, minute, count, last_grant) values (${v.account}, ${v.window}, ${first}, ${first})
    on conflict (account_id) do update set
      count = case when ${later} then ${first} else minute_usage.count + ${next} end,
      last_grant = case when ${later} then ${first} else ${next} end,
      minute = case when ${later} then cast(${v.window} as integer) else minute_usage.minute end
    returning minute, count, last_grant`;
});

const clampWant = (want: number) => Math.max(1, Math.min(MAX_BLOCK, Math.floor(want)));

/** Reserves numbers in the account's week (keyed by the local date of its Monday). */
export async function reserveWeek(db: Executor, accountId: number, weekStart: string, limit: number, want: number): Promise<Reserved> {
  const row = await weekStatement(db, { account: accountId, window: weekStart, limit, want: clampWant(want) });
  return { count: Number(row.count), grant: Number(row.last_grant) };
}

/**
 * Reserves numbers in the account's current minute (Unix minutes). The account's one row is
 * restarted by the first reservation of a later minute. A process whose clock is behind another's
 * gets numbers of the row's later minute (returned): counting them there errs on the side of counting.
 */
export async function reserveMinute(
  db: Executor,
  accountId: number,
  minute: number,
  limit: number,
  want: number,
): Promise<Reserved & { minute: number }> {
  const row = await minuteStatement(db, { account: accountId, window: minute, limit, want: clampWant(want) });
  return { minute: Number(row.minute), count: Number(row.count), grant: Number(row.last_grant) };
}

/**
 * Gives back numbers reserved but never handed out (on a clean shutdown). Safe whichever numbers
 * they were: the count only has to cover every number still held or spent, and these are neither.
 */
export async function returnWeek(db: Executor, accountId: number, weekStart: string, unspent: number): Promise<void> {
  await db
    .updateTable('weekly_usage')
    .set((eb) => ({ count: eb('count', '-', unspent) }))
    .where('account_id', '=', accountId)
    .where('week_start', '=', weekStart)
    .execute();
}

export async function returnMinute(db: Executor, accountId: number, minute: number, unspent: number): Promise<void> {
  await db
    .updateTable('minute_usage')
    .set((eb) => ({ count: eb('count', '-', unspent) }))
    .where('account_id', '=', accountId)
    .where('minute', '=', minute)
    .execute();
}
