import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', database: { kind: 'sqlite', path: './data/recipal.db' }, requireHttps: false, trustProxy: false, redisUrl: null, tls: null });
    expect(config.defaults).toEqual({ weeklyLimit: 175_000, perMinuteLimit: 1000, renderLimit: 5 });
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
});
