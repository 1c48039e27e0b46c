#!/usr/bin/env node
// Copies what src/ holds besides TypeScript (the label studio's templates, stylesheet, script and icon:
// src/web/studio/views and public) into dist/ at the same paths, so the built server finds them where
// the sources do. Run by `npm run build` after tsc, and by build-if-stale.js.
//
// Usage: node scripts/copy-assets.js
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log('Usage: node scripts/copy-assets.js\n\nCopies the files of src/ that are not TypeScript into dist/ at the same paths.');
    process.exit(0);
  }
  copyAssets();
}
