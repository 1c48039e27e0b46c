// The fonts the shaper draws with, and the order it tries them in for each face: Arimo first (Latin,
// Greek, Cyrillic, Hebrew), then Noto Sans Arabic, then Noto Sans SC (Chinese ideographs, kana and
// CJK punctuation). Each character takes the first font that has it (harfbuzz-shaper.ts).
//
// Noto has no italics: italic text in Arabic or Chinese is drawn upright. Arimo has no 900 weight on
// npm, so the "black" heading is Arimo Bold and its fallbacks are bold too, to match.

import { join } from 'node:path';
import { type FontFace, fontPath, hasBlackFace, packageDir } from '../font-files.js';

export type ShapingFamily = 'arimo' | 'noto-sans-arabic' | 'noto-sans-sc';

/** A font file the shaper uses, named by family and the label face it serves: `noto-sans-sc-bold`. */
export type ShapingFont = `${ShapingFamily}-${FontFace}`;

const FAMILIES: readonly ShapingFamily[] = ['arimo', 'noto-sans-arabic', 'noto-sans-sc'];

/** The npm package and file name stem of each Noto family. */
const NOTO: Record<Exclude<ShapingFamily, 'arimo'>, { pkg: string; stem: string }> = {
  'noto-sans-arabic': { pkg: '@expo-google-fonts/noto-sans-arabic', stem: 'NotoSansArabic' },
  'noto-sans-sc': { pkg: '@expo-google-fonts/noto-sans-sc', stem: 'NotoSansSC' },
};

const WEIGHT_FOLDER: Record<'regular' | 'bold' | 'black', string> = {
  regular: '400Regular',
  bold: '700Bold',
  black: '900Black',
};

/** The face whose file a family uses for a label face (one key per file, so each is loaded once). */
function fileFace(family: ShapingFamily, face: FontFace): FontFace {
  if (face === 'black' && !hasBlackFace()) return 'bold';
  if (face === 'italic' && family !== 'arimo') return 'regular';
  return face;
}

/** The fonts to try, in order, for text in a face. */
export function fallbackChain(face: FontFace): ShapingFont[] {
  return FAMILIES.map((family) => `${family}-${fileFace(family, face)}` as const);
}

const FONT_KEY = /^(arimo|noto-sans-arabic|noto-sans-sc)-(regular|bold|italic|black)$/;

/** The font a key names, or null when it names none (keys arrive back from an SVG in pdf.ts). */
export function parseShapingFont(key: string): ShapingFont | null {
  return FONT_KEY.test(key) ? (key as ShapingFont) : null;
}

/** Absolute path of a shaping font's file. */
export function shapingFontPath(font: ShapingFont): string {
  const [, family, face] = FONT_KEY.exec(font) as unknown as [string, ShapingFamily, FontFace];
  if (family === 'arimo') return fontPath(face);
  const { pkg, stem } = NOTO[family];
  const weight = WEIGHT_FOLDER[fileFace(family, face) as Exclude<FontFace, 'italic'>];
  return join(packageDir(pkg), weight, `${stem}_${weight}.ttf`);
}
