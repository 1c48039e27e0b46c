// One import's write transaction at a time per server process on SQLite
// (docs/api.md#import-transaction). SQLite has one writer, and every write of the process goes through
// its one connection, first come first served: four imports queued there would each hold it in turn,
// and another account's plain write arriving meanwhile would wait behind all four. Imports take this
// slot before they ask for the connection, so at most one of them is ever queued for (or holding)
// the writer; other writes queue behind that one alone. An import waiting here holds nothing: it
// just waits (its request has no deadline of its own; the client's own timeout applies).
// PostgreSQL: no slot (several connections, row locks: docs/api.md#concurrent-writes).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DatabaseHandle } from '../../db/connect.js';
import { FifoLock } from '../../lib/fifo-lock.js';

const slots = new WeakMap<DatabaseHandle, FifoLock>();

/** The slot of `database`'s imports: null on PostgreSQL. */
export function importApplySlot(database: DatabaseHandle): FifoLock | null {
  if (database.dialect !== 'sqlite') return null;
  let slot = slots.get(database);
  if (!slot) slots.set(database, (slot = new FifoLock()));
  return slot;
}

/** Turns of the event loop an import gives way to other writes before it begins its transaction anyway. */
const MAX_TURNS_GIVEN = 100;

/**
 * Waits, holding the slot, until the write connection is free at a turn of the event loop: a request
 * whose write takes several statements (a read, then its transaction) asks for the connection again
 * within the same turn its last statement ended, so an import begins only between other requests'
 * writes, never in the middle of one (which would make that request wait for the import once per
 * statement). After MAX_TURNS_GIVEN turns of constant writes it goes anyway.
 */
export async function writersFirst(database: DatabaseHandle): Promise<void> {
  for (let turn = 0; turn < MAX_TURNS_GIVEN; turn++) {
    await nextTurn();
    if (!database.writerBusy()) return;
  }
}
