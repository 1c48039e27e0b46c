// Configuration is read once from the environment, validated, and typed; every default lives here.
// A wrong value stops the server with the variable's name (ConfigError).
import { availableParallelism } from 'node:os';

export interface Config {
  port: number;
  host: string;
  database: { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  tls: { cert: string; key: string } | null;
  requireHttps: boolean;
  trustProxy: boolean;
  redisUrl: string | null;
  /** REDIS_KEY_PREFIX: put before every Redis key; deployments sharing one Redis each need their own. */
  redisKeyPrefix: string;
  /** Public base URL used in absolute links (signed downloads, docs URL); defaults to the listen address. */
  publicUrl: string | null;
  /** Secret for signed download links and session cookies; generated per process when unset. */
  secret: string | null;
  renderThreads: number;
  /** RENDER_IDLE_SECONDS: render threads start with the first render and stop after this long without one. */
  renderIdleSeconds: number;
  /** Processes `recipal serve` runs (node:cluster, one port): every core by default (docs/scaling.md). */
  workers: number;
  /** RECIPAL_HISTORY_RETENTION_DAYS: revisions and audit events older than this are pruned by `recipal history prune`; null keeps them forever (docs/api.md#history). */
  historyRetentionDays: number | null;
  /** What one render may take (docs/api.md#render-limits). */
  renderLimits: {
    /** Longest a PNG/PDF render may run before its thread is stopped. */
    timeLimitMs: number;
    /** Most pixels one PNG may have. */
    maxPngPixels: number;
    /** PNG renders a minute for one embed token (cached images do not count). */
    embedPerMinute: number;
  };
  /** Requests a minute for public embeds, from one client address and for one embed token (docs/api.md#render-limits). */
  embedLimits: { perAddress: number; perToken: number };
  weeklyResetTimeZone: string;
  defaults: { weeklyLimit: number; perMinuteLimit: number; renderLimit: number };
  bodyLimitBytes: number;
  /** What one spreadsheet import may hold and how many run at once (docs/api.md#spreadsheet-imports). */
  imports: ImportLimits;
  /** Slow clients are cut off (docs/api.md#slow-clients, 408 RequestTimeout); see loadTimeouts. */
  timeouts: Timeouts;
  /** What one client may hold of the server's connections (RELIABILITY.md "Connections"). */
  connections: ConnectionLimits;
  /** What one account's requests may take of a server process at once (RELIABILITY.md#account-share). */
  accountShare: AccountShare;
}

export interface AccountShare {
  /** MAX_REQUESTS_IN_FLIGHT_PER_ACCOUNT: an account's API requests a process works on at once; the next ones wait. */
  inFlight: number;
  /** MAX_REQUESTS_WAITING_PER_ACCOUNT: an account's requests that may wait for one of its slots; the next is 429 `TooManyRequestsInFlight`. */
  waiting: number;
}

export interface ConnectionLimits {
  /** UNREAD_BODY_DISCARD_BYTES: the rest of a body answered early is read and dropped up to this length; longer ones close the connection. */
  unreadBodyDiscardBytes: number;
  /** MAX_CONNECTIONS_PER_ADDRESS: open connections one client address may hold; the next is closed at once. */
  perAddress: number;
  /** MAX_REQUESTS_PER_CONNECTION: a keep-alive connection is closed after this many requests. */
  requestsPerConnection: number;
  /** KEEP_ALIVE_TIMEOUT_MS: an idle keep-alive connection is closed after this long (Node's keepAliveTimeout). */
  keepAliveMs: number;
}

export interface ImportLimits {
  /** IMPORT_MAX_FILE_BYTES: the largest file in the `file` field (413 beyond it). */
  maxFileBytes: number;
  /** IMPORT_MAX_UNPACKED_BYTES: what the parts of an XLSX workbook that are read may unpack to. */
  maxUnpackedBytes: number;
  /** IMPORT_MAX_ROWS: data rows in one import (blank rows not counted). */
  maxRows: number;
  /** IMPORT_MAX_COLUMNS: the rightmost column a cell with a value may be in. */
  maxColumns: number;
  /** IMPORT_MAX_CELLS: cells read in all (each row counted up to its last cell with a value). */
  maxCells: number;
  /** IMPORT_JOBS_PER_ACCOUNT: imports one account may run at once on a server process (429 beyond). */
  jobsPerAccount: number;
  /** IMPORT_JOBS_PER_SERVER: imports one server process runs at once, all accounts together (429 beyond). */
  jobsPerServer: number;
}

export interface Timeouts {
  /** The request line and headers must arrive within this many ms of the connection (or of the previous request). */
  headersMs: number;
  /** The whole request, headers and body, must arrive within this many ms. */
  requestMs: number;
  /** The longest pause between two pieces of a body. */
  bodyIdleMs: number;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    rule: string,
  ) {
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

function loadImportLimits(env: Env): ImportLimits {
  const MiB = 1_048_576;
  const limits: ImportLimits = {
    maxFileBytes: integer(env, 'IMPORT_MAX_FILE_BYTES', 16 * MiB, 1024, 1024 * MiB),
    maxUnpackedBytes: integer(env, 'IMPORT_MAX_UNPACKED_BYTES', 100 * MiB, 1024, 4096 * MiB),
    maxRows: integer(env, 'IMPORT_MAX_ROWS', 10_000, 1, 1_000_000),
    maxColumns: integer(env, 'IMPORT_MAX_COLUMNS', 500, 1, 16_384),
    maxCells: integer(env, 'IMPORT_MAX_CELLS', 2_000_000, 1, 100_000_000),
    jobsPerAccount: integer(env, 'IMPORT_JOBS_PER_ACCOUNT', 1, 1, 1000),
    jobsPerServer: integer(env, 'IMPORT_JOBS_PER_SERVER', 2, 1, 1000),
  };
  if (limits.jobsPerServer < limits.jobsPerAccount)
    throw new ConfigError(
      'IMPORT_JOBS_PER_SERVER',
      `must be at least IMPORT_JOBS_PER_ACCOUNT (${limits.jobsPerAccount}), got ${limits.jobsPerServer}`,
    );
  return limits;
}

function loadTimeouts(env: Env): Timeouts {
  const headersMs = integer(env, 'HEADERS_TIMEOUT_MS', 10_000, 1, 600_000);
  const requestMs = integer(env, 'REQUEST_TIMEOUT_MS', 60_000, 1, 3_600_000);
  const bodyIdleMs = integer(env, 'BODY_IDLE_TIMEOUT_MS', 10_000, 1, 600_000);
  // Node refuses a headers timeout longer than the request timeout, and the body pause could never fire.
  if (requestMs < headersMs)
    throw new ConfigError('REQUEST_TIMEOUT_MS', `must be at least HEADERS_TIMEOUT_MS (${headersMs}), got ${requestMs}`);
  if (requestMs < bodyIdleMs)
    throw new ConfigError('BODY_IDLE_TIMEOUT_MS', `must be at most REQUEST_TIMEOUT_MS (${requestMs}), got ${bodyIdleMs}`);
  return { headersMs, requestMs, bodyIdleMs };
}

function redisKeyPrefix(env: Env): string {
  const raw = env.REDIS_KEY_PREFIX;
  if (raw === undefined || raw === '') return 'recipal:';
  // Printable ASCII without spaces: the prefix is part of every key and of every log line about one.
  if (!/^[\x21-\x7e]{1,64}$/.test(raw))
    throw new ConfigError('REDIS_KEY_PREFIX', 'must be 1 to 64 printable ASCII characters without spaces');
  return raw;
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
  const database = parseDatabase(env.DATABASE_URL);
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST?.trim() || '127.0.0.1',
    database,
    logLevel: logLevel as Config['logLevel'],
    tls: cert && key ? { cert, key } : null,
    requireHttps: boolean(env, 'REQUIRE_HTTPS', false),
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    redisUrl,
    redisKeyPrefix: redisKeyPrefix(env),
    publicUrl,
    secret: env.RECIPAL_SECRET?.trim() || null,
    renderThreads: integer(env, 'RENDER_THREADS', 2, 1, 64),
    renderIdleSeconds: integer(env, 'RENDER_IDLE_SECONDS', 60, 1, 86_400),
    // SQLite has one writer per database file: several processes on one file wait on each other's
    // write lock and, past busy_timeout, fail (RELIABILITY.md#sqlite-one-writer). One process by
    // default there; PostgreSQL takes one per core.
    workers: integer(env, 'WORKERS', availableParallelism(), 1, 256),
    historyRetentionDays: env.RECIPAL_HISTORY_RETENTION_DAYS?.trim() ? integer(env, 'RECIPAL_HISTORY_RETENTION_DAYS', 0, 1, 36_500) : null,
    renderLimits: {
      timeLimitMs: integer(env, 'RENDER_TIME_LIMIT_MS', 10_000, 1, 600_000),
      maxPngPixels: integer(env, 'RENDER_MAX_PIXELS', 16_000_000, 10_000, 100_000_000),
      embedPerMinute: integer(env, 'EMBED_RENDERS_PER_MINUTE', 30, 1, 1_000_000),
    },
    embedLimits: {
      perAddress: integer(env, 'EMBED_REQUESTS_PER_MINUTE_PER_ADDRESS', 600, 1, 100_000_000),
      perToken: integer(env, 'EMBED_REQUESTS_PER_MINUTE_PER_TOKEN', 6000, 1, 100_000_000),
    },
    weeklyResetTimeZone: timeZone,
    defaults: {
      weeklyLimit: integer(env, 'DEFAULT_WEEKLY_LIMIT', 175_000, 1, 1_000_000_000),
      perMinuteLimit: integer(env, 'DEFAULT_PER_MINUTE_LIMIT', 1000, 1, 10_000_000),
      renderLimit: integer(env, 'DEFAULT_RENDER_LIMIT', 5, 1, 1000),
    },
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024, 100 * 1_048_576),
    imports: loadImportLimits(env),
    timeouts: loadTimeouts(env),
    connections: {
      unreadBodyDiscardBytes: integer(env, 'UNREAD_BODY_DISCARD_BYTES', 65_536, 0, 100 * 1_048_576),
      // Servers are clients too: a backend's keep-alive pool of 200 connections from one address lost
      // 12 % of its requests to a cap of 64 (RELIABILITY.md#connection-defaults). 1,024 is more than
      // any pool opens, and still bounds one address.
      perAddress: integer(env, 'MAX_CONNECTIONS_PER_ADDRESS', 1024, 1, 1_000_000),
      requestsPerConnection: integer(env, 'MAX_REQUESTS_PER_CONNECTION', 1000, 1, 1_000_000),
      // Longer than load balancers keep idle connections (60 s is common; Fastify's default is 72 s):
      // a server that closes first closes connections the balancer is about to reuse (502s).
      keepAliveMs: integer(env, 'KEEP_ALIVE_TIMEOUT_MS', 72_000, 1, 600_000),
    },
    // One account's keep-alive pool of 200 connections made every turn of the event loop serve 200 of
    // its requests before anyone else's (RELIABILITY.md#account-share). 2 at once per process keeps
    // the processes busy (on SQLite a request runs without waiting; on PostgreSQL the pool was served
    // faster with 2 than with 4 or 8, and another account's writes waited far less for the database).
    accountShare: {
      inFlight: integer(env, 'MAX_REQUESTS_IN_FLIGHT_PER_ACCOUNT', 2, 1, 100_000),
      waiting: integer(env, 'MAX_REQUESTS_WAITING_PER_ACCOUNT', 1024, 0, 1_000_000),
    },
  };
}
