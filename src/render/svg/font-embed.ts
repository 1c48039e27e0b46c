// @font-face rules for browsers viewing a standalone .svg (resvg and pdfkit get the font files
// directly and never read these). Each face is cut down to the characters the label prints in
// it: the full files would add ~1.3 MB of base64 to a ~6 KB drawing.

import { LRUCache } from 'lru-cache';
import { FONT_FAMILY, fontBuffer, hasBlackFace, type FontFace } from '../fonts.js';
import { subsetTtf } from '../ttf-subset.js';

const CSS_FACE: Record<FontFace, { weight: string; style: string }> = {
  regular: { weight: 'normal', style: 'normal' },
  bold: { weight: 'bold', style: 'normal' },
  italic: { weight: 'normal', style: 'italic' },
  black: { weight: '900', style: 'normal' },
};

// Most labels share most characters; a small cache spares the subsetting for repeat renders.
const CACHE_LIMIT = 256;
const subsetCache = new LRUCache<string, string>({ max: CACHE_LIMIT });

function subsetBase64(face: FontFace, chars: string): string {
  const key = `${face}\u0000${chars}`;
  let b64 = subsetCache.get(key);
  if (b64 === undefined) {
    b64 = subsetTtf(fontBuffer(face), chars).toString('base64');
    subsetCache.set(key, b64);
  }
  return b64;
}

/** The faces' CSS; `black` maps to its own rule (it is the bold file when Arimo 900 is absent). */
export function fontFaceCss(used: Map<FontFace, string[]>): string {
  const rules: string[] = [];
  const faces = new Map<FontFace, string>();
  for (const [face, texts] of used) {
    // Without a 900 file the heading is drawn bold (font-weight="bold"), so it joins the bold subset.
    const target: FontFace = face === 'black' && !hasBlackFace() ? 'bold' : face;
    faces.set(target, (faces.get(target) ?? '') + texts.join(''));
  }
  for (const [face, text] of faces) {
    const chars = [...new Set(text)].sort().join('');
    const { weight, style } = CSS_FACE[face];
    rules.push(
      `@font-face{font-family:"${FONT_FAMILY}";font-weight:${weight};font-style:${style};` +
        `src:url(data:font/ttf;base64,${subsetBase64(face, chars)}) format("truetype")}`,
    );
  }
  return rules.join('');
}
