// Regression: the connection defaults refused the clients an API has most, other servers. A backend
// with a 200-connection keep-alive pool from one address lost 12 % of its requests to 429
// TooManyConnections (the cap was 64 per address), and idle keep-alive connections were closed
// after 5 s, below the 60 s load balancers commonly keep them (the server closed connections the
// balancer was about to reuse: 502s). Now the cap is 1,024 and the keep-alive 72 s, as Fastify's
// own default (RELIABILITY.md#connection-defaults). The pool is real sockets on the real server; no
// clock is waited on.
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { listen } from '../support/raw-http.js';

describe('connection defaults', () => {
  it('cap 1,024 connections per address; idle keep-alive 72 s, longer than common load balancers keep them', () => {
    const { connections, timeouts } = loadConfig({});
    expect(connections.perAddress).toBe(1024);
    expect(connections.keepAliveMs).toBe(72_000);
    // A slow client is still cut off at the headers timeout: Node starts it with a request, not while idle.
    expect(timeouts.headersMs).toBe(10_000);
  });
});

describe('a backend with a 200-connection keep-alive pool from one address', () => {
  let t: TestApp;
  let port: number;
  let agent: Agent;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    port = await listen(t.app);
    agent = new Agent({ keepAlive: true, maxSockets: 200 });
  });
  afterAll(async () => {
    agent.destroy();
    await t?.close();
  });

  const get = () =>
    new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/healthz', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
      });
      req.on('error', reject);
      req.end();
    });

  it('is served on all 200 connections at once, twice over (no 429), and keeps them open', async () => {
    expect(t.app.server.keepAliveTimeout).toBe(72_000);
    const first = await Promise.all(Array.from({ length: 200 }, get));
    expect(first.filter((r) => r.status !== 200)).toEqual([]);
    const open = Object.values(agent.freeSockets).flat().length;
    expect(open).toBe(200);
    const second = await Promise.all(Array.from({ length: 200 }, get));
    expect(second.filter((r) => r.status !== 200)).toEqual([]);
    expect(second.every((r) => r.reused)).toBe(true);
  });
});
