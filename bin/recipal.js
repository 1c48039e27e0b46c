#!/usr/bin/env node
// The `recipal` command. Runs the compiled CLI (built by `npm install` through the `prepare`
// script, and again by `npm start`), so `npx recipal ...` works in a checkout.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  console.error('recipal: dist/ is missing; run `npm install` (or `npm run build`) first.');
  process.exit(1);
}
const { runAsProcess } = await import(entry.href);
await runAsProcess();
