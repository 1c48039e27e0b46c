// SQLite files hold every account's data and API key hashes: only the server's own user may read
// them. SQLite creates a database as 0644 (less the umask) and gives its -wal and -shm files the
// database file's mode, so creating the file 0600 first covers all three; files left 0644 by an
// earlier version are tightened. A directory the server creates for them is 0700; an existing one
// is the operator's and is left as it is.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

const OWNER_ONLY_FILE = 0o600;
const OWNER_ONLY_DIRECTORY = 0o700;

export function prepareSqliteFiles(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: OWNER_ONLY_DIRECTORY });
  closeSync(openSync(path, 'a', OWNER_ONLY_FILE));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (!existsSync(file)) continue;
    try {
      chmodSync(file, OWNER_ONLY_FILE);
    } catch {
      // Owned by another user: theirs to fix; opening it may still work.
    }
  }
}
