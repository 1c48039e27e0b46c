// `recipal serve` on every core (docs/scaling.md "Workers"): a real serve with WORKERS=2, started as
// an operator starts it, prints a new database's first key once, runs two worker processes on one
// port, and keeps an account's weekly limit exact across them without Redis (docs/api.md#limits):
// every request arrives on its own connection, so the primary hands them to both workers in turn.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccountLimits } from '../../src/services/accounts/index.js';
import { weekWindow } from '../../src/services/limits/index.js';
import { TestClock } from '../support/app.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';
import { serveChild, type ServeChild } from '../support/serve-child.js';

const HOUR_MS = 3_600_000;
const WEEKLY_LIMIT = 40;
const REQUESTS = 70;
const PARALLEL = 10;

/** A reset zone whose week boundary is more than an hour away: the child runs on the real clock. */
function zoneAwayFromReset(now: Date): string {
  return ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((zone) => {
    const week = weekWindow(now, zone);
    return now.getTime() - week.start.getTime() > HOUR_MS && week.end.getTime() - now.getTime() > HOUR_MS;
  })!;
}

/** GET on a connection of its own (no keep-alive agent), so consecutive requests may reach different workers. */
function getOnNewConnection(url: string, key: string): Promise<{ status: number; error?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers: { authorization: `Token token=${key}` } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, error: (JSON.parse(body) as { error?: string }).error }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The pids of a process's children (Linux). */
function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

describe.each(databaseKinds())('recipal serve with WORKERS=2 (%s, default limit store)', (kind) => {
  let db: TestDatabase | undefined;
  let server: ServeChild | undefined;
  afterEach(async () => {
    if (server && server.process.exitCode === null && server.process.signalCode === null) {
      server.process.kill('SIGTERM');
      await server.exited;
    }
    await db?.drop();
  });

  it('prints the first key once, serves from two processes, keeps the weekly limit exact across them, and stops them all', async () => {
    db = await createTestDatabase(kind);
    server = await serveChild(db, { WORKERS: '2', WEEKLY_RESET_TIME_ZONE: zoneAwayFromReset(new Date()) });
    const output = server.output();
    expect(output.match(/Created the first account/g)).toHaveLength(1);
    expect(output.match(/listening on/g)).toHaveLength(1);
    const key = /shown only this once:\s+(rcp_\S+)/.exec(output)![1]!;
    const workers = childrenOf(server.process.pid!);
    expect(workers).toHaveLength(2);

    // Set before the first request: no worker has read the account yet.
    await setAccountLimits({ database: db.handle, clock: new TestClock(new Date()) }, 1, { weekly_limit: WEEKLY_LIMIT });
    const answers: { status: number; error?: string }[] = [];
    let sent = 0;
    const client = async () => {
      while (sent < REQUESTS) {
        sent++;
        answers.push(await getOnNewConnection(`${server!.url}/v1/ingredients`, key));
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, client));

    expect(answers).toHaveLength(REQUESTS);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(WEEKLY_LIMIT);
    expect(answers.filter((a) => a.status === 401 && a.error === 'WeeklyLimitExceeded')).toHaveLength(REQUESTS - WEEKLY_LIMIT);

    server.process.kill('SIGTERM');
    await server.exited;
    expect(server.process.exitCode).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  }, 120_000); // starts a real server with two workers: seconds on an idle machine, far more at load average 15
});
