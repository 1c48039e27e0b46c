// A write transaction left open, as a long import's is: on SQLite it holds the one write connection
// (every other write of the process queues behind it), on PostgreSQL the row locks of the accounts'
// request counters (their reservations wait for it). Released by the function it resolves to.
import type { DatabaseHandle } from '../../src/db/connect.js';

export async function holdWriter(database: DatabaseHandle, accountIds: number[]): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const done = database.db.transaction().execute(async (tx) => {
    for (const table of ['minute_usage', 'weekly_usage'] as const)
      await tx
        .updateTable(table)
        .set((eb) => ({ count: eb.ref('count') }))
        .where('account_id', 'in', accountIds)
        .execute();
    holding();
    await released;
  });
  await Promise.race([held, done]);
  return async () => {
    release();
    await done;
  };
}
