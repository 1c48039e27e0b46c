// Regression: one account's keep-alive pool of 200 connections (a backend, one address) kept 200
// requests ready in every turn of the event loop, each turn served them all, and another account's
// read on a new connection waited behind them: p99 11.3 s on SQLite, 2.5 s on PostgreSQL
// (`npm run bench -- attacks --attack pool`). Now an account has at most
// MAX_REQUESTS_IN_FLIGHT_PER_ACCOUNT requests worked on per process; the rest of its pool waits its
// turn (served, never refused), up to MAX_REQUESTS_WAITING_PER_ACCOUNT, then 429
// TooManyRequestsInFlight with Retry-After (RELIABILITY.md#account-share). Shares apply while another
// account is served (an account alone on a process is not held to one): each case starts with an
// upload of account B in flight. Real sockets on the real server; the slow requests are bodies the
// test has not finished sending, so nothing waits on a clock.
import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createTestApp, flourBody, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { expectError } from '../support/error-shape.js';
import { firstResponse, listen, openConnection, type RawResponse } from '../support/raw-http.js';

/** Lets the event loop turn until `ready()` holds (awaiting events, never a clock). */
async function turnsUntil(ready: () => boolean): Promise<void> {
  for (let i = 0; !ready(); i++) {
    if (i > 100_000) throw new Error('never ready');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const BODY = JSON.stringify(flourBody({ name: 'Slow flour upload' }));

/** A POST whose headers are sent and whose body is not: in flight until `finish()`. */
function unfinishedPost(port: number, key: string): { socket: Socket; finish(): Promise<RawResponse> } {
  const { socket } = openConnection(port);
  socket.write(
    `POST /v1/ingredients HTTP/1.1\r\nHost: x\r\nAuthorization: Token token=${key}\r\nContent-Type: application/json\r\nContent-Length: ${BODY.length}\r\n\r\n${BODY.slice(0, 5)}`,
  );
  return {
    socket,
    finish: () => {
      const answer = firstResponse(socket);
      socket.write(BODY.slice(5));
      return answer;
    },
  };
}

interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(port: number, key: string, agent: Agent | false, path = '/v1/ingredients?per_page=1'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent, headers: { authorization: `Token token=${key}` } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('what one account may take of a server process', () => {
  it('defaults: 2 requests in flight per account, 1,024 waiting', () => {
    const { accountShare } = loadConfig({});
    expect(accountShare).toEqual({ inFlight: 2, waiting: 1024 });
  });
});

describe.each(databaseKinds())('a keep-alive pool of one account (%s)', (kind) => {
  let t: TestApp | undefined;
  const sockets: Socket[] = [];
  const agents: Agent[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    for (const agent of agents.splice(0)) agent.destroy();
    await t?.close();
    t = undefined;
  });

  /** Account B's upload in flight (its body unfinished), so that A is not alone on the process. */
  async function neighbourUpload(app: TestApp, port: number): Promise<{ finish(): Promise<RawResponse> }> {
    const upload = unfinishedPost(port, app.accountB.key);
    sockets.push(upload.socket);
    await turnsUntil(() => app.app.accountShares.of(app.accountB.id).running === 1);
    return upload;
  }

  it("another account's read is answered while the pool's account has its 2 requests in flight and 198 waiting; then all 200 are served", async () => {
    t = await createTestApp(kind);
    const port = await listen(t.app);
    const shares = t.app.accountShares;
    const a = t.accountA;
    const inFlight = t.config.accountShare.inFlight;
    const rest = 200 - inFlight;
    const neighbour = await neighbourUpload(t, port);
    // A's slots all taken by requests held by their unfinished bodies.
    const slow = Array.from({ length: inFlight }, () => unfinishedPost(port, a.key));
    sockets.push(...slow.map((s) => s.socket));
    await turnsUntil(() => shares.of(a.id).running === inFlight);
    // The rest of A's pool of 200 keep-alive connections, asking at once: they wait, none refused.
    const agent = new Agent({ keepAlive: true, maxSockets: rest });
    agents.push(agent);
    const pool = Promise.all(Array.from({ length: rest }, () => get(port, a.key, agent)));
    await turnsUntil(() => shares.of(a.id).waiting === rest);
    // Account B, on a new connection of its own: answered now, ahead of all of A's waiting requests.
    const b = await get(port, t.accountB.key, false);
    expect(b.statusCode).toBe(200);
    expect(shares.of(a.id)).toEqual({ running: inFlight, waiting: rest });
    expect(shares.of(t.accountB.id).running).toBe(1);
    expect((await neighbour.finish()).statusCode).toBe(201);
    // A's bodies arrive: its uploads and then its whole pool are served.
    const uploads = await Promise.all(slow.map((s) => s.finish()));
    expect(uploads.map((r) => r.statusCode)).toEqual(Array(inFlight).fill(201));
    const answers = await pool;
    expect(answers.filter((r) => r.statusCode !== 200)).toEqual([]);
    await turnsUntil(() => shares.of(a.id).running === 0);
    expect(shares.of(a.id)).toEqual({ running: 0, waiting: 0 });
  });

  it('past the waiting bound the next request is 429 TooManyRequestsInFlight with Retry-After at once; the waiting ones are then served', async () => {
    t = await createTestApp(kind, { MAX_REQUESTS_IN_FLIGHT_PER_ACCOUNT: '1', MAX_REQUESTS_WAITING_PER_ACCOUNT: '2' });
    const port = await listen(t.app);
    const shares = t.app.accountShares;
    const a = t.accountA;
    const neighbour = await neighbourUpload(t, port);
    const slow = unfinishedPost(port, a.key);
    sockets.push(slow.socket);
    await turnsUntil(() => shares.of(a.id).running === 1);
    const waiting = [get(port, a.key, false), get(port, a.key, false)];
    await turnsUntil(() => shares.of(a.id).waiting === 2);
    const refused = await get(port, a.key, false);
    expectError(refused, 429, 'TooManyRequestsInFlight');
    expect(refused.headers['retry-after']).toBe('1');
    // Another account is not refused: the bound is per account.
    expect((await neighbour.finish()).statusCode).toBe(201);
    expect((await get(port, t.accountB.key, false)).statusCode).toBe(200);
    expect((await slow.finish()).statusCode).toBe(201);
    expect((await Promise.all(waiting)).map((r) => r.statusCode)).toEqual([200, 200]);
  });

  it('a request whose client hung up while it waited leaves no slot taken; the next waiter is served', async () => {
    t = await createTestApp(kind, { MAX_REQUESTS_IN_FLIGHT_PER_ACCOUNT: '1' });
    const port = await listen(t.app);
    const shares = t.app.accountShares;
    const a = t.accountA;
    const neighbour = await neighbourUpload(t, port);
    const slow = unfinishedPost(port, a.key);
    sockets.push(slow.socket);
    await turnsUntil(() => shares.of(a.id).running === 1);
    const gone = openConnection(port);
    gone.socket.write(`GET /v1/ingredients HTTP/1.1\r\nHost: x\r\nAuthorization: Token token=${a.key}\r\n\r\n`);
    await turnsUntil(() => shares.of(a.id).waiting === 1);
    gone.socket.destroy();
    await gone.closed;
    const next = get(port, a.key, false);
    await turnsUntil(() => shares.of(a.id).waiting === 2);
    expect((await slow.finish()).statusCode).toBe(201);
    expect((await next).statusCode).toBe(200);
    expect((await neighbour.finish()).statusCode).toBe(201);
    await turnsUntil(() => shares.of(a.id).running === 0);
    expect(shares.of(a.id)).toEqual({ running: 0, waiting: 0 });
  });

  it('an account alone on the process is not held to its share: its pool is served without waiting', async () => {
    t = await createTestApp(kind, { MAX_REQUESTS_IN_FLIGHT_PER_ACCOUNT: '1' });
    const port = await listen(t.app);
    const shares = t.app.accountShares;
    const a = t.accountA;
    const slow = Array.from({ length: 3 }, () => unfinishedPost(port, a.key));
    sockets.push(...slow.map((s) => s.socket));
    await turnsUntil(() => shares.of(a.id).running === 3);
    expect(shares.of(a.id).waiting).toBe(0);
    expect((await Promise.all(slow.map((s) => s.finish()))).map((r) => r.statusCode)).toEqual([201, 201, 201]);
  });
});
