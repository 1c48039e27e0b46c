// The one font every view uses: Arimo, metric-compatible with Helvetica/Arial (the sans-serif
// the FDA sample label and Health Canada's directory are set in). Files come from npm so a label
// looks the same on every machine; they are read once per process and cached.

import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readMetrics, type TtfMetrics } from './ttf.js';

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

let packageDir: string | null = null;

function fontPackageDir(): string {
  if (packageDir === null) {
    const require = createRequire(import.meta.url);
    packageDir = dirname(require.resolve('@expo-google-fonts/arimo/package.json'));
  }
  return packageDir;
}

const pathCache = new Map<FontFace, string>();

/** Absolute path of a face's TTF (resvg loads fonts from files). */
export function fontPath(face: FontFace): string {
  let path = pathCache.get(face);
  if (path === undefined) {
    const found = FILES[face].map((f) => join(fontPackageDir(), f)).find((p) => existsSync(p));
    if (!found) throw new Error(`Arimo ${face} font file not found under ${fontPackageDir()}`);
    path = found;
    pathCache.set(face, path);
  }
  return path;
}

const bufferCache = new Map<FontFace, Buffer>();

export function fontBuffer(face: FontFace): Buffer {
  let buf = bufferCache.get(face);
  if (buf === undefined) {
    buf = readFileSync(fontPath(face));
    bufferCache.set(face, buf);
  }
  return buf;
}

/** Whether a real 900 weight was found (otherwise `black` is the bold file). */
export function hasBlackFace(): boolean {
  return fontPath('black') !== fontPath('bold');
}

/** Distinct font files in use (black may be the bold file), for renderers that load files. */
export function fontFiles(): string[] {
  return [...new Set(FONT_FACES.map(fontPath))];
}

const metricsCache = new Map<FontFace, TtfMetrics>();

function metrics(face: FontFace): TtfMetrics {
  let m = metricsCache.get(face);
  if (m === undefined) {
    m = readMetrics(fontBuffer(face));
    metricsCache.set(face, m);
  }
  return m;
}

/** Width of a string in points (= SVG user units) at a font size, from the font's advance widths. */
export function textWidth(text: string, face: FontFace, size: number): number {
  const m = metrics(face);
  let units = 0;
  for (const ch of text) units += m.advance(ch.codePointAt(0) ?? 0);
  return (units / m.unitsPerEm) * size;
}

/** Ascent (above the baseline) and descent (below, positive) of a face at a size. */
export function lineMetrics(face: FontFace, size: number): { ascent: number; descent: number } {
  const m = metrics(face);
  return { ascent: (m.ascender / m.unitsPerEm) * size, descent: (-m.descender / m.unitsPerEm) * size };
}
