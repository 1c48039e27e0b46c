// What every service needs: the database and a clock (injectable for tests).
import type { DatabaseHandle } from '../db/connect.js';
import type { Clock } from '../lib/time.js';

export interface ServiceContext {
  database: DatabaseHandle;
  clock: Clock;
}

/** The caller of an API request, after authentication. */
export interface Caller {
  accountId: number;
  keyId: number;
}
