// Which text the shaper must lay out, and which keeps the Latin fast path (fonts.ts textWidth,
// glyph-outlines.ts): one glyph per character from Arimo's cmap, placed by its advance width, left to
// right. That is exact for the Latin, Greek and Cyrillic text labels print today. It is wrong for
// scripts whose letters change shape with their neighbours or whose order is right to left, and for
// characters Arimo does not have but a fallback font does (shaping-fonts.ts): those go to the shaper.
//
// Characters that are in none of our fonts (emoji, say) stay on the fast path, as before: the PNG and
// PDF show Arimo's missing-glyph box, and a browser viewing the .svg may still find a system font.

/** Code point ranges (inclusive) the shaper lays out; sorted, not overlapping. */
const SHAPED_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0590, 0x08ff], // Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, Arabic Supplement and Extended
  [0x0900, 0x0dff], // the Indic scripts (Devanagari to Sinhala)
  [0x0e00, 0x0fff], // Thai, Lao, Tibetan
  [0x1000, 0x109f], // Myanmar
  [0x1100, 0x11ff], // Hangul Jamo
  [0x1700, 0x18af], // Philippine scripts, Khmer, Mongolian
  [0x1900, 0x1cff], // Limbu to Sundanese, Vedic extensions
  [0x200c, 0x200f], // zero-width non-joiner and joiner, left-to-right and right-to-left marks
  [0x202a, 0x202e], // bidirectional embeddings and overrides
  [0x2066, 0x2069], // bidirectional isolates
  [0x2e80, 0x2fff], // CJK radicals, Kangxi radicals, ideographic description
  [0x3000, 0x9fff], // CJK symbols and punctuation, kana, Bopomofo, CJK Extension A, CJK Unified Ideographs
  [0xa000, 0xabff], // Yi, and the Asian scripts of this block (Javanese, Cham, Meetei Mayek, ...)
  [0xac00, 0xd7ff], // Hangul syllables and Jamo Extended-B
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xfb1d, 0xfdff], // Hebrew and Arabic presentation forms A
  [0xfe00, 0xfe0f], // variation selectors
  [0xfe10, 0xfe6f], // vertical forms, CJK compatibility forms, small form variants
  [0xfe70, 0xfeff], // Arabic presentation forms B
  [0xff00, 0xffef], // halfwidth and fullwidth forms
  [0x10800, 0x10fff], // right-to-left historic scripts
  [0x1e800, 0x1efff], // Mende Kikakui, Adlam, Arabic mathematical symbols
  [0x20000, 0x3ffff], // CJK Extensions B and beyond, compatibility supplement
];

/** Below this, every character keeps the fast path (Basic Latin to Armenian). */
export const FIRST_SHAPED_CODE_POINT = 0x0590;

export function codePointNeedsShaping(codePoint: number): boolean {
  if (codePoint < FIRST_SHAPED_CODE_POINT) return false;
  for (const [from, to] of SHAPED_RANGES) {
    if (codePoint < from) return false;
    if (codePoint <= to) return true;
  }
  return false;
}

/** True when any character of `text` needs the shaper (see above). */
export function textNeedsShaping(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    // A surrogate pair's high half is >= 0xD800, so only then is the whole code point read.
    if (text.charCodeAt(i) >= FIRST_SHAPED_CODE_POINT && codePointNeedsShaping(text.codePointAt(i) ?? 0)) return true;
  }
  return false;
}
