// What every service needs: the database and a clock (injectable for tests).
import type { DatabaseHandle } from '../db/connect.js';
import type { Clock } from '../lib/time.js';

// The transport layers hold the handle only to give it to services; they name it from here, not from db/.
export type { DatabaseHandle };

export interface ServiceContext {
  database: DatabaseHandle;
  clock: Clock;
}

/** The caller of an API request, after authentication. */
export interface Caller {
  accountId: number;
  keyId: number;
  /** Who made a change, as history and the audit trail show it (docs/api.md#history); absent outside HTTP. */
  keyPrefix?: string;
  /** The request that made a change (docs/api.md#history audit). */
  requestId?: string;
}
