// The text shaper (shaper.ts) over HarfBuzz, compiled to WebAssembly by the harfbuzzjs package, with
// the Unicode bidirectional algorithm (UAX #9) from bidi-js. Both packages are imported when the shaper
// is created, on first need (load.ts).
//
// A line is laid out in four steps:
// 1. bidi-js resolves each character's embedding level (odd: right to left);
// 2. each character takes the first font of the face's fallback chain that has it (shaping-fonts.ts);
//    digits, punctuation and spaces stay in the font of the letters beside them, marks in their letter's;
// 3. the line is cut into runs of one font and one level with no white space in them, and each run is
//    shaped by HarfBuzz on its own: the PDF's fonts shape the same runs again by their text alone
//    (pdf-shaped-fonts.ts), and a run's glyphs must not depend on what stands beside it;
// 4. runs and the white space between them are put in visual order (UAX #9 rule L2) and placed left
//    to right; white space is the advance of its character in the first font that has it (Arimo's
//    space, as the fast path measures it, so wrapped words land where wrapping measured them).
//
// Arimo is shaped without kerning, as the Latin fast path draws it (ttf.ts), so a Latin word measures
// and looks the same beside Arabic or Chinese as it does alone.

import type * as HarfBuzz from 'harfbuzzjs';
import { LRUCache } from 'lru-cache';
import { fileBuffer, type FontFace } from '../font-files.js';
import type { ShapedGlyph, ShapedLine, ShapedRun, TextDirection, TextShaper } from './shaper.js';
import { fallbackChain, shapingFontPath, type ShapingFont } from './shaping-fonts.js';

interface LoadedFont {
  font: HarfBuzz.Font;
  unitsPerEm: number;
  features: HarfBuzz.Feature[];
  /** Glyph of U+0020, the advance of white space the font does not have. */
  space: number;
}

/** A piece of a line in logical order: a run to shape, or one white-space character. */
interface Item {
  font: ShapingFont;
  level: number;
  text: string;
  space: boolean;
}

const WHITE_SPACE = /\s/u;
/** Characters with no script of their own: they join the font of the letters beside them. */
const SHARED = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
/** Combining marks and joiners: always in their letter's font. */
const ATTACHED = /^[\p{M}\u200c\u200d]$/u;

// Layout asks for the width of the same words many times (wrapping measures every word, drawing lays
// each line out again): lines, runs and outlines are remembered, bounded by their characters (a glyph
// costs ~100 bytes, a character of path data 2), so that no text, however long, holds more than ~50 MB.
const LINE_CACHE_CHARACTERS = 200_000;
const RUN_CACHE_CHARACTERS = 200_000;
const PATH_CACHE_CHARACTERS = 4_000_000;

export async function createHarfBuzzShaper(): Promise<TextShaper> {
  // harfbuzzjs compiles its WebAssembly as it is imported (a top-level await).
  const [hb, bidiModule] = await Promise.all([import('harfbuzzjs'), import('bidi-js')]);
  // bidi-js is a CommonJS module whose exports object is the factory itself; its types describe an ES
  // module's default export, so TypeScript sees the factory one level down.
  const bidiFactory = bidiModule.default as unknown as typeof bidiModule.default.default;
  const bidi = bidiFactory();
  const fonts = new Map<ShapingFont, LoadedFont>();
  const buffer = new hb.Buffer();
  const bySize = (maxSize: number) => ({ maxSize, sizeCalculation: (_value: unknown, key: string) => key.length });
  const lines = new LRUCache<string, ShapedLine>(bySize(LINE_CACHE_CHARACTERS));
  const runs = new LRUCache<string, { glyphs: ShapedGlyph[]; advance: number }>(bySize(RUN_CACHE_CHARACTERS));
  const paths = new LRUCache<string, string>({ maxSize: PATH_CACHE_CHARACTERS, sizeCalculation: (d) => d.length + 1 });

  function load(key: ShapingFont): LoadedFont {
    let loaded = fonts.get(key);
    if (loaded === undefined) {
      // HarfBuzz copies the file into its own memory once; the face and font live as long as the process.
      const face = new hb.Face(new hb.Blob(fileBuffer(shapingFontPath(key))));
      const font = new hb.Font(face);
      const features = key.startsWith('arimo-') ? [new hb.Feature('kern', 0)] : [];
      loaded = { font, unitsPerEm: face.upem, features, space: font.nominalGlyph(0x20) ?? 0 };
      fonts.set(key, loaded);
    }
    return loaded;
  }

  const covers = (key: ShapingFont, codePoint: number): boolean => load(key).font.nominalGlyph(codePoint) !== undefined;

  function shapeRun(key: ShapingFont, text: string, rtl: boolean): { glyphs: ShapedGlyph[]; advance: number } {
    const cacheKey = `${key}\u0000${rtl ? 'r' : 'l'}\u0000${text}`;
    let shaped = runs.get(cacheKey);
    if (shaped === undefined) {
      const { font, features } = load(key);
      buffer.clearContents();
      buffer.addText(text);
      buffer.setDirection(rtl ? hb.Direction.RTL : hb.Direction.LTR);
      buffer.guessSegmentProperties(); // the script, from the text; the direction set above stays
      hb.shape(font, buffer, features);
      const infos = buffer.getGlyphInfos();
      const positions = buffer.getGlyphPositions();
      let advance = 0;
      const glyphs = infos.map((info, i): ShapedGlyph => {
        const p = positions[i] ?? { xAdvance: 0, xOffset: 0, yOffset: 0 };
        advance += p.xAdvance;
        return { id: info.codepoint, cluster: info.cluster, advance: p.xAdvance, dx: p.xOffset, dy: p.yOffset };
      });
      shaped = { glyphs, advance };
      runs.set(cacheKey, shaped);
    }
    return shaped;
  }

  /** Step 2: the font of each character (by its first UTF-16 index). */
  function fontsOf(chars: string[], chain: ShapingFont[]): ShapingFont[] {
    const primary = chain[0] as ShapingFont;
    const firstWith = (codePoint: number): ShapingFont | undefined => chain.find((key) => covers(key, codePoint));
    // Letters choose first; then each shared character takes the font before it, or else the one after
    // it. After white space (or at the start) it looks ahead first: "(" belongs to the word it opens.
    const chosen = chars.map((ch) => (SHARED.test(ch) ? undefined : (firstWith(ch.codePointAt(0) ?? 0) ?? primary)));
    const after: Array<ShapingFont | undefined> = [];
    for (let i = chars.length - 1, next: ShapingFont | undefined; i >= 0; i--) {
      after[i] = next;
      next = chosen[i] ?? next;
    }
    let before: ShapingFont | undefined;
    return chars.map((ch, i) => {
      const codePoint = ch.codePointAt(0) ?? 0;
      // White space is only a distance, measured as the fast path measures it; it leaves `before` as it was.
      if (WHITE_SPACE.test(ch)) return firstWith(codePoint) ?? before ?? primary;
      const next = after[i];
      const fromBefore = before !== undefined && (ATTACHED.test(ch) || covers(before, codePoint)) ? before : undefined;
      const fromAfter = next !== undefined && covers(next, codePoint) ? next : undefined;
      const opensWord = i === 0 || WHITE_SPACE.test(chars[i - 1] ?? '');
      before = chosen[i] ?? (opensWord ? (fromAfter ?? fromBefore) : (fromBefore ?? fromAfter)) ?? firstWith(codePoint) ?? primary;
      return before;
    });
  }

  /** Steps 1 to 3: the line's runs and white space, in logical order. */
  function itemsOf(text: string, face: FontFace, direction: TextDirection): Item[] {
    const { levels } = bidi.getEmbeddingLevels(text, direction === 'auto' ? undefined : direction);
    const chars = Array.from(text);
    const fontOf = fontsOf(chars, fallbackChain(face));
    const items: Item[] = [];
    let at = 0;
    chars.forEach((ch, i) => {
      const font = fontOf[i] as ShapingFont;
      const level = levels[at] ?? 0;
      at += ch.length;
      const space = WHITE_SPACE.test(ch);
      const last = items[items.length - 1];
      if (!space && last && !last.space && last.font === font && last.level === level) last.text += ch;
      else items.push({ font, level, text: ch, space });
    });
    return items;
  }

  /** Step 4, rule L2: from the highest level down to the lowest odd one, reverse each stretch at that level or above. */
  function visualOrder(items: Item[]): Item[] {
    const out = [...items];
    const max = out.reduce((highest, item) => Math.max(highest, item.level), 0);
    const lowestOdd = out.reduce((lowest, item) => Math.min(lowest, item.level | 1), Number.POSITIVE_INFINITY);
    for (let level = max; level >= lowestOdd; level--) {
      for (let i = 0; i < out.length; i++) {
        if ((out[i]?.level ?? 0) < level) continue;
        let end = i;
        while (end + 1 < out.length && (out[end + 1]?.level ?? 0) >= level) end++;
        for (let a = i, b = end; a < b; a++, b--) [out[a], out[b]] = [out[b] as Item, out[a] as Item];
        i = end;
      }
    }
    return out;
  }

  function layoutLine(text: string, face: FontFace, direction: TextDirection): ShapedLine {
    const cacheKey = `${face}\u0000${direction}\u0000${text}`;
    let line = lines.get(cacheKey);
    if (line === undefined) {
      const placed: ShapedRun[] = [];
      let x = 0;
      for (const item of visualOrder(itemsOf(text, face, direction))) {
        const loaded = load(item.font);
        if (item.space) {
          const glyph = loaded.font.nominalGlyph(item.text.codePointAt(0) ?? 0x20) ?? loaded.space;
          x += loaded.font.glyphHAdvance(glyph) / loaded.unitsPerEm;
          continue;
        }
        const rtl = item.level % 2 === 1;
        const { glyphs, advance } = shapeRun(item.font, item.text, rtl);
        const width = advance / loaded.unitsPerEm;
        placed.push({ font: item.font, unitsPerEm: loaded.unitsPerEm, text: item.text, rtl, x, width, glyphs });
        x += width;
      }
      line = { runs: placed, width: x };
      lines.set(cacheKey, line);
    }
    return line;
  }

  function glyphPath(key: ShapingFont, glyph: number): string {
    const cacheKey = `${key}\u0000${glyph}`;
    let d = paths.get(cacheKey);
    if (d === undefined) {
      d = load(key).font.glyphToPath(glyph);
      paths.set(cacheKey, d);
    }
    return d;
  }

  return { layoutLine, shapeRun, glyphPath, unitsPerEm: (key) => load(key).unitsPerEm };
}
