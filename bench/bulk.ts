// Spreadsheet benchmark (docs/api.md#bulk-work), on SQLite:
// - import: POST /v1/imports of 10,000 ingredient rows (every nutrient column), dry run then apply,
//   in process (app.inject). Goal: both together at most 10 s.
// - export: GET /v1/ingredients.csv and .xlsx of 100,000 ingredients over a real socket, the client
//   reading and discarding; the server's RSS sampled while it streams. Goal: RSS growth at most 50 MB
//   (the export pages through the database and writes to the reply: the rows never sit in memory).
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadConfig } from '../src/config.js';
import { NUTRIENTS } from '../src/core/nutrients.js';
import { openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { fieldsToRow } from '../src/db/repositories/ingredients.js';
import { buildApp } from '../src/http/app.js';
import { isoSeconds, systemClock } from '../src/lib/time.js';
import { createAccount } from '../src/services/accounts/index.js';
import { multipartBody } from '../test/support/spreadsheet-upload.js';
import { flourFields } from './lib/flour.js';

const IMPORT_ROWS = 10_000;
const EXPORT_ROWS = 100_000;
const MB = 1024 * 1024;

function importSheet(rows: number): string {
  const nutrients = NUTRIENTS.map((n) => n.key);
  const header = ['name', 'brand', 'description1', 'weight1', 'description2', 'weight2', 'tag_list', 'allergens', ...nutrients].join(',');
  const lines = Array.from({ length: rows }, (_, i) =>
    [
      `Ingredient ${i}`,
      'Mill',
      '1 cup',
      125,
      '1 large scoop',
      40,
      '"dry, bulk"',
      i % 3 === 0 ? 'wheat' : '',
      ...nutrients.map((_, k) => ((i + k) % 50) / 2),
    ].join(','),
  );
  return `${header}\n${lines.join('\n')}\n`;
}

async function seedForExport(db: ReturnType<typeof openDatabase>['db'], accountId: number, n: number): Promise<void> {
  const flour = flourFields({ name: 'x', water: 12 });
  const now = isoSeconds(new Date());
  for (let i = 0; i < n; i += 500) {
    const rows = Array.from({ length: Math.min(500, n - i) }, (_, k) => ({
      ...fieldsToRow({ ...flour, name: `Export ingredient ${i + k}`, brand: `=cmd|' /C calc'!A${k}` }),
      account_id: accountId,
      created_at: now,
      updated_at: now,
    }));
    await db.insertInto('ingredients').values(rows).execute();
  }
}

/** Streams one export over the socket; returns bytes, seconds and the RSS peak above the start. */
function streamExport(
  port: number,
  path: string,
  key: string,
): Promise<{ bytes: number; seconds: number; rssGrowthMb: number; heapGrowthMb: number; rssStartMb: number }> {
  // A full collection first, so the seeding's garbage is not room the export grows into unseen.
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  const start = process.memoryUsage().rss;
  const heapStart = process.memoryUsage().heapUsed + process.memoryUsage().external;
  let peak = start;
  let heapPeak = heapStart;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    heapPeak = Math.max(heapPeak, m.heapUsed + m.external);
  }, 20);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    get({ port, path, headers: { authorization: `Token token=${key}` } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode}`));
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => {
        clearInterval(sampler);
        peak = Math.max(peak, process.memoryUsage().rss);
        resolve({
          bytes,
          seconds: (performance.now() - t0) / 1000,
          rssGrowthMb: (peak - start) / MB,
          heapGrowthMb: (heapPeak - heapStart) / MB,
          rssStartMb: start / MB,
        });
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'recipal-bench-bulk-'));
  const config = loadConfig({ ...process.env, DATABASE_URL: join(dir, 'bench.db'), LOG_LEVEL: 'silent', REDIS_URL: '' });
  const database = openDatabase(config.database);
  const app = await buildApp({ config, database });
  try {
    await migrateToLatest(database.db, database.dialect);
    const ctx = { database, clock: systemClock };
    const limits = { email: null, weekly_limit: 1_000_000_000, per_minute_limit: 1_000_000_000, render_limit: null };
    const importer = await createAccount(ctx, { name: 'importer', ...limits });
    const exporter = await createAccount(ctx, { name: 'exporter', ...limits });

    if (process.env.BULK_PART !== 'export') await benchImport(app, importer.api_key);
    if (process.env.BULK_PART !== 'import') await benchExport(app, database, exporter);
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchImport(app: Awaited<ReturnType<typeof buildApp>>, key: string): Promise<void> {
  console.log(`\n## bulk: ${IMPORT_ROWS.toLocaleString('en-US')}-row ingredient import (SQLite, in process)`);
  const sheet = importSheet(IMPORT_ROWS);
  const times: Record<string, number> = {};
  const cpuTimes: Record<string, number> = {};
  for (const dryRun of [true, false]) {
    const { body, contentType } = multipartBody({ kind: 'ingredients', dry_run: String(dryRun) }, { name: 'ingredients.csv', data: sheet });
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const res = await app.inject({
      method: 'POST',
      url: '/v1/imports',
      headers: { authorization: `Token token=${key}`, 'content-type': contentType },
      payload: body,
    });
    const seconds = (performance.now() - t0) / 1000;
    // CPU time as well: on a shared machine the wall clock says as much about the neighbours as about us.
    const cpu = process.cpuUsage(cpu0);
    cpuTimes[dryRun ? 'dry run' : 'apply'] = (cpu.user + cpu.system) / 1e6;
    const report = res.json().import;
    if (res.statusCode !== 200 || report.created !== IMPORT_ROWS) throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 300)}`);
    times[dryRun ? 'dry run' : 'apply'] = seconds;
    console.log(
      `${dryRun ? 'dry run' : 'apply  '}: ${seconds.toFixed(2)} s wall, ${cpuTimes[dryRun ? 'dry run' : 'apply']!.toFixed(2)} s CPU (${(IMPORT_ROWS / seconds).toFixed(0)} rows/s), ${(sheet.length / MB).toFixed(1)} MB CSV`,
    );
  }
  const total = times['dry run']! + times.apply!;
  const cpuTotal = cpuTimes['dry run']! + cpuTimes.apply!;
  console.log(
    `dry run + apply: ${total.toFixed(2)} s wall, ${cpuTotal.toFixed(2)} s CPU (goal <= 10 s: ${total <= 10 ? 'met' : 'NOT met'}; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`,
  );
}

async function benchExport(
  app: Awaited<ReturnType<typeof buildApp>>,
  database: ReturnType<typeof openDatabase>,
  exporter: { account: { id: number }; api_key: string },
): Promise<void> {
  console.log(`\n## bulk: export of ${EXPORT_ROWS.toLocaleString('en-US')} ingredients, streamed over a socket`);
  await seedForExport(database.db, exporter.account.id, EXPORT_ROWS);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const port = Number(new URL(address).port);
  for (const format of ['csv', 'xlsx']) {
    const r = await streamExport(port, `/v1/ingredients.${format}`, exporter.api_key);
    console.log(
      `${format.padEnd(4)}: ${(r.bytes / MB).toFixed(1)} MB in ${r.seconds.toFixed(1)} s, server RSS growth ${r.rssGrowthMb.toFixed(1)} MB (from ${r.rssStartMb.toFixed(0)} MB), heap + external growth ${r.heapGrowthMb.toFixed(1)} MB (goal <= 50 MB: ${r.rssGrowthMb <= 50 ? 'met' : 'NOT met'})`,
    );
  }
}
