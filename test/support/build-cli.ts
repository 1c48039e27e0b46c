// vitest globalSetup: makes sure dist/ (what bin/recipal.js runs) is built from the current src/
// before tests spawn the real command. Builds only when a source file is newer than the build,
// once per test run, so spawned tests never run stale code and never pay for tsx start-up.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
// Written after each build here: tsc (incremental) leaves unchanged outputs' times alone.
const marker = join(root, 'dist/.built-for-tests');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export default function setup(): void {
  const inputs = Math.max(
    newestSource(join(root, 'src')),
    statSync(join(root, 'tsconfig.json')).mtimeMs,
    statSync(join(root, 'tsconfig.build.json')).mtimeMs,
  );
  if (existsSync(marker) && statSync(marker).mtimeMs >= inputs) return;
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  writeFileSync(marker, `${new Date().toISOString()}\n`);
}
