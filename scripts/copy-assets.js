#!/usr/bin/env node
// Copies what src/ holds besides TypeScript (the label studio's templates, stylesheet, script and icon:
// src/web/studio/views and public) into dist/ at the same paths, so the built server finds them where
// the sources do. Run by `npm run build` after tsc, and by build-if-stale.js. It also removes the
// built migrations whose source is gone (src/db/migrations/index.ts runs every numbered file of the
// folder, so a migration renumbered or removed in src/ must not live on in dist/).
//
// Usage: node scripts/copy-assets.js
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Copies every file under src/ that is not TypeScript to the same path under dist/; returns how many. */
export function copyAssets(from = join(root, 'src'), to = join(root, 'dist')) {
  let copied = 0;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) copied += copyAssets(source, target);
    else if (!entry.name.endsWith('.ts')) {
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(source, target);
      copied++;
    }
  }
  return copied;
}

/** Removes dist/db/migrations' numbered files whose TypeScript source is gone; returns how many. */
export function pruneBuiltMigrations(from = join(root, 'src/db/migrations'), to = join(root, 'dist/db/migrations')) {
  if (!existsSync(from) || !existsSync(to)) return 0;
  let removed = 0;
  for (const name of readdirSync(to)) {
    const match = /^(\d{3}_[^.]+)\./.exec(name);
    if (match && !existsSync(join(from, `${match[1]}.ts`))) {
      rmSync(join(to, name));
      removed++;
    }
  }
  return removed;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(
      'Usage: node scripts/copy-assets.js\n\nCopies the files of src/ that are not TypeScript into dist/ at the same paths, and removes built migrations whose source is gone.',
    );
    process.exit(0);
  }
  copyAssets();
  pruneBuiltMigrations();
}
