// The SQLite database (accounts, key hashes, recipes) was created 0644, readable by every
// local user, and so were its -wal and -shm files. They are now 0600, in a directory created 0700;
// files an earlier version left 0644 are tightened when the server opens them.
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';

const mode = (path: string) => statSync(path).mode & 0o777;

describe.skipIf(process.platform === 'win32')('SQLite file permissions', () => {
  const root = mkdtempSync(join(tmpdir(), 'recipal-perms-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const serve = (path: string) => startServer(loadConfig({ LOG_LEVEL: 'silent', PORT: '0', DATABASE_URL: path }), () => {});

  it('a new database, its -wal and -shm are 0600 and the directory made for it 0700', async () => {
    const path = join(root, 'new', 'nested', 'recipal.db');
    const server = await serve(path);
    try {
      // The first account was written: the WAL and shared-memory files exist while the server runs.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(mode(path)).toBe(0o600);
      expect(mode(`${path}-wal`)).toBe(0o600);
      expect(mode(`${path}-shm`)).toBe(0o600);
      expect(mode(join(root, 'new'))).toBe(0o700);
      expect(mode(join(root, 'new', 'nested'))).toBe(0o700);
    } finally {
      await server.close();
    }
  });

  it('an existing world-readable database is tightened on start; an existing directory is left alone', async () => {
    const dir = join(root, 'old');
    const first = await serve(join(dir, 'recipal.db'));
    await first.close();
    chmodSync(dir, 0o755);
    chmodSync(join(dir, 'recipal.db'), 0o644);
    writeFileSync(join(dir, 'recipal.db-wal'), '');
    chmodSync(join(dir, 'recipal.db-wal'), 0o644);
    const server = await serve(join(dir, 'recipal.db'));
    try {
      expect(mode(join(dir, 'recipal.db'))).toBe(0o600);
      expect(mode(join(dir, 'recipal.db-wal'))).toBe(0o600);
      expect(mode(dir)).toBe(0o755);
    } finally {
      await server.close();
    }
  });
});
