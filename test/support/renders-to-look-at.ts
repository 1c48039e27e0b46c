// Renders some tests write out so a person can look at them: into a folder of the system's temporary
// directory made for this run (mkdtemp), never a fixed path, so two runs side by side never write
// over each other's files. A test file that keeps renders calls `afterAll(removeRenders)`; with
// TEST_KEEP_RENDERS=1 the folder stays and its path is printed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let folder: string | null = null;

/** Writes `bytes` as `name` in this run's render folder; returns the file's path. */
export function keepRender(name: string, bytes: Uint8Array): string {
  if (!folder) {
    folder = mkdtempSync(join(tmpdir(), 'recipal-renders-'));
    if (process.env.TEST_KEEP_RENDERS === '1') console.log(`renders kept for a look in ${folder}`);
  }
  const path = join(folder, name);
  writeFileSync(path, bytes);
  return path;
}

/** Removes the render folder (unless TEST_KEEP_RENDERS=1). */
export function removeRenders(): void {
  if (folder && process.env.TEST_KEEP_RENDERS !== '1') rmSync(folder, { recursive: true, force: true });
  folder = null;
}
