import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      database: { kind: 'sqlite', path: './data/recipal.db' },
      requireHttps: false,
      trustProxy: false,
      redisUrl: null,
      tls: null,
    });
    expect(config.defaults).toEqual({ weeklyLimit: 175_000, perMinuteLimit: 1000, renderLimit: 5 });
    expect(config.timeouts).toEqual({ headersMs: 10_000, requestMs: 60_000, bodyIdleMs: 10_000 });
  });

  it('reads the three timeouts', () => {
    expect(loadConfig({ HEADERS_TIMEOUT_MS: '50', REQUEST_TIMEOUT_MS: '200', BODY_IDLE_TIMEOUT_MS: '100' }).timeouts).toEqual({
      headersMs: 50,
      requestMs: 200,
      bodyIdleMs: 100,
    });
  });

  it.each([
    ['postgres://u@h:5432/db', { kind: 'postgres', url: 'postgres://u@h:5432/db' }],
    ['postgresql://u@h/db', { kind: 'postgres', url: 'postgresql://u@h/db' }],
    ['sqlite:/tmp/x.db', { kind: 'sqlite', path: '/tmp/x.db' }],
    ['./other.db', { kind: 'sqlite', path: './other.db' }],
    ['sqlite::memory:', { kind: 'sqlite', path: ':memory:' }],
  ])('DATABASE_URL=%s', (value, database) => {
    expect(loadConfig({ DATABASE_URL: value }).database).toEqual(database);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ REQUIRE_HTTPS: 'maybe' }, 'REQUIRE_HTTPS'],
    [{ TRUST_PROXY: '2' }, 'TRUST_PROXY'],
    [{ TLS_CERT: '/x.pem' }, 'TLS_KEY'],
    [{ TLS_KEY: '/x.pem' }, 'TLS_CERT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ WEEKLY_RESET_TIME_ZONE: 'Mars/Olympus' }, 'WEEKLY_RESET_TIME_ZONE'],
    [{ HEADERS_TIMEOUT_MS: '0' }, 'HEADERS_TIMEOUT_MS'],
    [{ REQUEST_TIMEOUT_MS: '10s' }, 'REQUEST_TIMEOUT_MS'],
    [{ BODY_IDLE_TIMEOUT_MS: '-1' }, 'BODY_IDLE_TIMEOUT_MS'],
    [{ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '1000' }, 'REQUEST_TIMEOUT_MS'],
    [{ REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '500', BODY_IDLE_TIMEOUT_MS: '2000' }, 'BODY_IDLE_TIMEOUT_MS'],
  ])('%j stops start-up naming %s', (env, variable) => {
    try {
      loadConfig(env);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variable).toBe(variable);
      expect((error as Error).message).toContain(variable);
    }
  });

  it('render limits: documented defaults, values, and refusals naming the variable', () => {
    expect(loadConfig({}).renderLimits).toEqual({ timeLimitMs: 10_000, maxPngPixels: 16_000_000, embedPerMinute: 30 });
    expect(loadConfig({ RENDER_TIME_LIMIT_MS: '250', RENDER_MAX_PIXELS: '1000000', EMBED_RENDERS_PER_MINUTE: '5' }).renderLimits).toEqual({
      timeLimitMs: 250,
      maxPngPixels: 1_000_000,
      embedPerMinute: 5,
    });
    for (const [variable, value] of [
      ['RENDER_TIME_LIMIT_MS', '0'],
      ['RENDER_TIME_LIMIT_MS', '1.5'],
      ['RENDER_MAX_PIXELS', '100'],
      ['EMBED_RENDERS_PER_MINUTE', '0'],
    ] as const) {
      expect(() => loadConfig({ [variable]: value }), `${variable}=${value}`).toThrow(ConfigError);
      expect(() => loadConfig({ [variable]: value })).toThrow(variable);
    }
  });

  it('connection and embed limits: documented defaults, values, and refusals naming the variable', () => {
    expect(loadConfig({}).connections).toEqual({
      unreadBodyDiscardBytes: 65_536,
      perAddress: 1024,
      requestsPerConnection: 1000,
      keepAliveMs: 72_000,
    });
    expect(loadConfig({}).embedLimits).toEqual({ perAddress: 600, perToken: 6000 });
    expect(
      loadConfig({
        UNREAD_BODY_DISCARD_BYTES: '0',
        MAX_CONNECTIONS_PER_ADDRESS: '8',
        MAX_REQUESTS_PER_CONNECTION: '1',
        KEEP_ALIVE_TIMEOUT_MS: '100',
      }).connections,
    ).toEqual({ unreadBodyDiscardBytes: 0, perAddress: 8, requestsPerConnection: 1, keepAliveMs: 100 });
    for (const [variable, value] of [
      ['MAX_CONNECTIONS_PER_ADDRESS', '0'],
      ['MAX_REQUESTS_PER_CONNECTION', '0'],
      ['KEEP_ALIVE_TIMEOUT_MS', '0'],
      ['UNREAD_BODY_DISCARD_BYTES', '-1'],
      ['EMBED_REQUESTS_PER_MINUTE_PER_ADDRESS', '0'],
      ['EMBED_REQUESTS_PER_MINUTE_PER_TOKEN', 'many'],
    ] as const) {
      expect(() => loadConfig({ [variable]: value }), `${variable}=${value}`).toThrow(variable);
    }
  });
});
