// npm run crash-test -- [--kills N] [--writes N] [--workers N] [--seed N] [--database sqlite|postgres|both] [--from built|source] [--json]
// Crash safety (RELIABILITY.md "Crash safety"): the real server as a child process under mixed write
// load over loopback, SIGKILLed at random moments and restarted; every acknowledged write must be
// there and whole. SQLite always; PostgreSQL too when DATABASE_URL=postgres://... is set (a database
// of its own is created on that server and dropped after).
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { withPostgresDatabase, withSqliteFile } from './crash/databases.js';
import { runCrashTest, type CrashOptions, type CrashReport } from './crash/run.js';

const HELP = `Usage: npm run crash-test -- [options]

Starts the server (node bin/recipal.js serve) on a new database, drives mixed writes (ingredients,
recipes with lines, lines, costs: creates and updates) from several workers over 127.0.0.1, SIGKILLs
the server N times at random moments, restarts it, and checks that every acknowledged (2xx) write is
present and whole. Prints: writes acknowledged, lost, torn, kills. Exits 1 if any were lost or torn.

Options:
  --kills N          SIGKILLs per database (default 5)
  --writes N         acknowledged writes per database (default 3000)
  --workers N        concurrent writers (default 8)
  --seed N           seed for the operations and kill moments (default 1)
  --database KIND    sqlite, postgres or both (default: sqlite, and postgres when DATABASE_URL is set)
  --from built|source  run bin/recipal.js after building dist/ (default), or src/ through tsx
  --json             print the reports as JSON
  -h, --help         this text
`;

function summary(kind: string, r: CrashReport): string {
  return [
    `${kind}: writes acknowledged ${r.acknowledged}, lost ${r.lost}, torn ${r.torn}, kills ${r.kills}`,
    `  (attempted ${r.attempted}, unanswered at a kill ${r.unanswered}, refused ${r.refused} of which 5xx ${r.errors5xx}, records checked ${r.checked})`,
    ...r.problems.slice(0, 20).map((p) => `  ${p}`),
  ].join('\n');
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      kills: { type: 'string', default: '5' },
      writes: { type: 'string', default: '3000' },
      workers: { type: 'string', default: '8' },
      seed: { type: 'string', default: '1' },
      database: { type: 'string' },
      from: { type: 'string', default: 'built' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const count = (name: 'kills' | 'writes' | 'workers' | 'seed', max: number) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < 0 || n > max) throw new Error(`--${name} must be an integer from 0 to ${max}`);
    return n;
  };
  const postgresUrl = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL! : null;
  const wanted = values.database ?? (postgresUrl ? 'both' : 'sqlite');
  if (!['sqlite', 'postgres', 'both'].includes(wanted)) throw new Error('--database must be sqlite, postgres or both');
  if (wanted !== 'sqlite' && !postgresUrl) throw new Error('--database postgres needs DATABASE_URL=postgres://...');
  if (values.from !== 'built' && values.from !== 'source') throw new Error('--from must be built or source');
  const base = {
    kills: count('kills', 100),
    writes: Math.max(1, count('writes', 1_000_000)),
    workers: Math.max(1, count('workers', 64)),
    seed: count('seed', 2 ** 31),
    from: values.from,
  } satisfies Omit<CrashOptions, 'databaseUrl'>;
  if (base.from === 'built') {
    const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const reports: Record<string, CrashReport> = {};
  for (const kind of wanted === 'both' ? ['sqlite', 'postgres'] : [wanted]) {
    const run = (databaseUrl: string) => runCrashTest({ ...base, databaseUrl });
    reports[kind] = kind === 'sqlite' ? await withSqliteFile(run) : await withPostgresDatabase(postgresUrl!, run);
    if (!values.json) console.log(summary(kind, reports[kind]!));
  }
  if (values.json) console.log(JSON.stringify(reports, null, 2));
  return Object.values(reports).some((r) => r.lost > 0 || r.torn > 0 || r.errors5xx > 0) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
