// The HTTP process loads no renderer, spreadsheet reader or Redis client until it needs one, nor the
// PostgreSQL client on SQLite: each added ~9-15 MB to every process's resident memory, and
// renders run in the pool's threads anyway (src/render/worker.ts). `recipal serve`'s cluster primary
// (the CLI's command table and src/cluster.ts) loads no database, service or HTTP code at all: it
// held ~90 MB, now ~55. Checked on the built code, as `recipal serve` runs it.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

/** The CommonJS modules (every package below is one) loaded after importing `entry`, from a fresh process. */
function modulesLoadedBy(entry: string): string[] {
  const script = `await import(${JSON.stringify(entry)});
    const { createRequire } = await import('node:module');
    console.log(JSON.stringify(Object.keys(createRequire(import.meta.url).cache)));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }));
}

describe('the HTTP process', () => {
  it('loads no renderer, XLSX reader, Redis client or PostgreSQL client with the app', () => {
    const loaded = modulesLoadedBy(join(root, 'dist/http/app.js'));
    // Sanity: the check sees packages the app does load.
    expect(loaded.some((path) => path.includes('/node_modules/fastify/'))).toBe(true);
    for (const heavy of [
      '/node_modules/pdfkit/',
      '/node_modules/@resvg/',
      '/node_modules/exceljs/',
      '/node_modules/ioredis/',
      '/node_modules/pg/',
      // The text shaper's bidirectional algorithm, loaded with HarfBuzz (an ES module this check cannot
      // see) only by the render threads (src/render/text/shaper.ts).
      '/node_modules/bidi-js/',
    ]) {
      expect(loaded.filter((path) => path.includes(heavy))).toEqual([]);
    }
  });
});

describe('a SQLite database', () => {
  it('is opened without loading the PostgreSQL client', () => {
    const script = `const { openDatabase } = await import(${JSON.stringify(join(root, 'dist/db/connect.js'))});
      const handle = openDatabase({ kind: 'sqlite', path: ':memory:' });
      await handle.ping();
      await handle.close();
      const { createRequire } = await import('node:module');
      console.log(JSON.stringify(Object.keys(createRequire(import.meta.url).cache)));`;
    const loaded: string[] = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }),
    );
    expect(loaded.some((path) => path.includes('/node_modules/better-sqlite3/'))).toBe(true);
    expect(loaded.filter((path) => path.includes('/node_modules/pg/'))).toEqual([]);
  });
});

describe("recipal serve's cluster primary", () => {
  it('loads no database driver, HTTP framework or service with the command table and the cluster', () => {
    for (const entry of ['dist/cli/registry.js', 'dist/cluster.js']) {
      const loaded = modulesLoadedBy(join(root, entry));
      for (const heavy of ['/node_modules/better-sqlite3/', '/node_modules/pg/', '/node_modules/fastify/', '/node_modules/decimal.js/']) {
        expect({ entry, loaded: loaded.filter((path) => path.includes(heavy)) }).toEqual({ entry, loaded: [] });
      }
    }
  });
});
