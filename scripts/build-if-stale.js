#!/usr/bin/env node
// Builds dist/ (what `recipal` runs) from src/ only when a source is newer than the last build, so
// `npm start` starts at once on a current build, and an install without dev dependencies (no
// TypeScript) starts on the build it was shipped with. Used by `npm start`, `npm install`
// (prepare) and the test suite's global set-up.
//
// Usage: node scripts/build-if-stale.js [--quiet]
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyAssets, pruneBuiltMigrations } from './copy-assets.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Written after each build: tsc (incremental) leaves the times of unchanged outputs alone.
const marker = join(root, 'dist/.built');

function newestFile(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestFile(path) : statSync(path).mtimeMs);
  }
  return newest;
}

// TypeScript's package exports no bin path: find the package, then its bin/tsc.
function typescriptCompiler() {
  try {
    const manifest = createRequire(join(root, 'package.json')).resolve('typescript/package.json');
    return join(dirname(manifest), 'bin/tsc');
  } catch {
    return null;
  }
}

/** Builds when stale; returns what it did: 'current', 'built' or 'shipped' (stale, but no TypeScript here). */
export function buildIfStale() {
  const hasSources = existsSync(join(root, 'src'));
  const inputs = hasSources
    ? Math.max(
        newestFile(join(root, 'src')),
        statSync(join(root, 'tsconfig.json')).mtimeMs,
        statSync(join(root, 'tsconfig.build.json')).mtimeMs,
      )
    : 0;
  if (existsSync(marker) && statSync(marker).mtimeMs >= inputs) return 'current';
  const tsc = typescriptCompiler();
  if (!tsc || !hasSources) {
    if (existsSync(join(root, 'dist/cli/main.js'))) return 'shipped';
    throw new Error('dist/ is missing and TypeScript is not installed: run `npm install` (with dev dependencies) or `npm run build`.');
  }
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  copyAssets();
  pruneBuiltMigrations();
  writeFileSync(marker, `${new Date().toISOString()}\n`);
  return 'built';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(
      'Usage: node scripts/build-if-stale.js\n\nBuilds dist/ from src/ when a source file is newer than the last build; does nothing otherwise.',
    );
    process.exit(0);
  }
  try {
    const done = buildIfStale();
    if (done === 'shipped') console.error('recipal: using the shipped build in dist/ (TypeScript is not installed to rebuild it).');
  } catch (error) {
    console.error(`recipal: ${error.message}`);
    process.exit(1);
  }
}
