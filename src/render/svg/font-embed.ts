// @font-face rules for browsers viewing a standalone .svg (resvg and pdfkit get the font files
// directly and never read these). Only the faces the label uses are embedded.

import { FONT_FAMILY, fontBuffer, type FontFace } from '../fonts.js';

const CSS_FACE: Record<FontFace, { weight: string; style: string }> = {
  regular: { weight: 'normal', style: 'normal' },
  bold: { weight: 'bold', style: 'normal' },
  italic: { weight: 'normal', style: 'italic' },
  black: { weight: 'bold', style: 'normal' },
};

const base64Cache = new Map<FontFace, string>();

function base64(face: FontFace): string {
  let b = base64Cache.get(face);
  if (b === undefined) {
    b = fontBuffer(face).toString('base64');
    base64Cache.set(face, b);
  }
  return b;
}

export function fontFaceCss(used: Map<FontFace, string[]>): string {
  const faces = new Set<FontFace>();
  for (const face of used.keys()) faces.add(face === 'black' ? 'bold' : face);
  return [...faces]
    .map((face) => {
      const { weight, style } = CSS_FACE[face];
      return `@font-face{font-family:"${FONT_FAMILY}";font-weight:${weight};font-style:${style};src:url(data:font/ttf;base64,${base64(face)}) format("truetype")}`;
    })
    .join('');
}
