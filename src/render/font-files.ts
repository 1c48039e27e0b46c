// The font files: Arimo, the one font every label is set in (metric-compatible with Helvetica/Arial,
// the sans-serif the FDA sample label and Health Canada's directory are set in), and the fallback
// fonts the shaper draws other scripts with (text/shaping-fonts.ts). Files come from npm so a label
// looks the same on every machine; each is read once per process and cached.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const FONT_FAMILY = 'Arimo';

export type FontFace = 'regular' | 'bold' | 'italic' | 'black';

const FILES: Record<FontFace, string[]> = {
  regular: ['400Regular/Arimo_400Regular.ttf'],
  bold: ['700Bold/Arimo_700Bold.ttf'],
  italic: ['400Regular_Italic/Arimo_400Regular_Italic.ttf'],
  // Arimo ships no 900 weight on npm today; Bold stands in for the "Nutrition Facts" heading.
  black: ['900Black/Arimo_900Black.ttf', '700Bold/Arimo_700Bold.ttf'],
};

export const FONT_FACES: readonly FontFace[] = ['regular', 'bold', 'italic', 'black'];

const require = createRequire(import.meta.url);
const packageDirs = new Map<string, string>();

/** The installed folder of an npm package. */
export function packageDir(name: string): string {
  let dir = packageDirs.get(name);
  if (dir === undefined) {
    dir = dirname(require.resolve(`${name}/package.json`));
    packageDirs.set(name, dir);
  }
  return dir;
}

const pathCache = new Map<FontFace, string>();

/** Absolute path of an Arimo face's TTF (resvg loads fonts from files). */
export function fontPath(face: FontFace): string {
  let path = pathCache.get(face);
  if (path === undefined) {
    const dir = packageDir('@expo-google-fonts/arimo');
    const found = FILES[face].map((f) => join(dir, f)).find((p) => existsSync(p));
    if (!found) throw new Error(`Arimo ${face} font file not found under ${dir}`);
    path = found;
    pathCache.set(face, path);
  }
  return path;
}

const bufferCache = new Map<string, Buffer>();

/** A font file's bytes, read once per process. */
export function fileBuffer(path: string): Buffer {
  let buf = bufferCache.get(path);
  if (buf === undefined) {
    buf = readFileSync(path);
    bufferCache.set(path, buf);
  }
  return buf;
}

export function fontBuffer(face: FontFace): Buffer {
  return fileBuffer(fontPath(face));
}

/** Whether a real 900 weight was found (otherwise `black` is the bold file). */
export function hasBlackFace(): boolean {
  return fontPath('black') !== fontPath('bold');
}

/** Distinct Arimo files in use (black may be the bold file), for renderers that load files. */
export function fontFiles(): string[] {
  return [...new Set(FONT_FACES.map(fontPath))];
}
