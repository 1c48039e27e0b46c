// Configuration is read once from the environment, validated, and typed; every default lives here.
// A wrong value stops the server with the variable's name (ConfigError).

export interface Config {
  port: number;
  host: string;
  database: { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  tls: { cert: string; key: string } | null;
  requireHttps: boolean;
  trustProxy: boolean;
  redisUrl: string | null;
  /** Public base URL used in absolute links (signed downloads, docs URL); defaults to the listen address. */
  publicUrl: string | null;
  /** Secret for signed download links and session cookies; generated per process when unset. */
  secret: string | null;
  renderThreads: number;
  weeklyResetTimeZone: string;
  defaults: { weeklyLimit: number; perMinuteLimit: number; renderLimit: number };
  bodyLimitBytes: number;
}

export class ConfigError extends Error {
  constructor(readonly variable: string, rule: string) {
    super(`${variable}: ${rule}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function parseDatabase(raw: string | undefined): Config['database'] {
  const value = raw === undefined || raw.trim() === '' ? './data/recipal.db' : raw.trim();
  if (/^postgres(ql)?:\/\//i.test(value)) {
    try {
      new URL(value);
    } catch {
      throw new ConfigError('DATABASE_URL', 'is not a valid postgres:// URL');
    }
    return { kind: 'postgres', url: value };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    throw new ConfigError('DATABASE_URL', 'must be postgres://..., sqlite:PATH or a file path');
  }
  const path = value.startsWith('sqlite:') ? value.slice('sqlite:'.length) : value;
  if (path === '') throw new ConfigError('DATABASE_URL', 'sqlite: needs a file path (or :memory:)');
  return { kind: 'sqlite', path };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: Env = process.env): Config {
  const logLevel = (env.LOG_LEVEL ?? 'info').trim().toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  }
  const cert = env.TLS_CERT?.trim() || null;
  const key = env.TLS_KEY?.trim() || null;
  if ((cert === null) !== (key === null)) {
    throw new ConfigError(cert === null ? 'TLS_CERT' : 'TLS_KEY', 'TLS_CERT and TLS_KEY must be set together');
  }
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl !== null && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL', 'must start with redis:// or rediss://');
  }
  const publicUrl = env.PUBLIC_URL?.trim().replace(/\/+$/, '') || null;
  if (publicUrl !== null && !/^https?:\/\//.test(publicUrl)) {
    throw new ConfigError('PUBLIC_URL', 'must start with http:// or https://');
  }
  const timeZone = env.WEEKLY_RESET_TIME_ZONE?.trim() || 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new ConfigError('WEEKLY_RESET_TIME_ZONE', `is not a known IANA time zone: "${timeZone}"`);
  }
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST?.trim() || '127.0.0.1',
    database: parseDatabase(env.DATABASE_URL),
    logLevel: logLevel as Config['logLevel'],
    tls: cert && key ? { cert, key } : null,
    requireHttps: boolean(env, 'REQUIRE_HTTPS', false),
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    redisUrl,
    publicUrl,
    secret: env.RECIPAL_SECRET?.trim() || null,
    renderThreads: integer(env, 'RENDER_THREADS', 2, 1, 64),
    weeklyResetTimeZone: timeZone,
    defaults: {
      weeklyLimit: integer(env, 'DEFAULT_WEEKLY_LIMIT', 175_000, 1, 1_000_000_000),
      perMinuteLimit: integer(env, 'DEFAULT_PER_MINUTE_LIMIT', 1000, 1, 10_000_000),
      renderLimit: integer(env, 'DEFAULT_RENDER_LIMIT', 5, 1, 1000),
    },
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024, 100 * 1_048_576),
  };
}
