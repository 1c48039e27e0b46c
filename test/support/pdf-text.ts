// Reads back the text a PDF draws: every glyph shown (its font, glyph code, position and size), each
// font's embedded file and ToUnicode map. Enough of PDF for pdfkit's output (objects in plain
// sight, Flate-compressed streams, one content stream a page), kept strict: a shape it does not
// expect is an error, not a silently empty answer.
import { inflateSync } from 'node:zlib';

export interface PdfFont {
  /** The font's name without its subset tag: "NotoSansArabic-Regular". */
  name: string;
  /** The embedded font program (FontFile2: the TrueType subset). */
  file: Buffer;
  /** The characters each glyph code stands for (the ToUnicode CMap). */
  unicode: Map<number, string>;
}

export interface PdfGlyph {
  font: PdfFont;
  code: number;
  /** The text matrix's origin for the glyph (svg-to-pdfkit sets one per glyph, in SVG units). */
  x: number;
  y: number;
  size: number;
  /** Index of the BT ... ET block the glyph was drawn in (one per SVG <text>). */
  block: number;
}

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const out = new Map<number, PdfObject>();
  for (const m of text.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = m[2] ?? '';
    const at = body.indexOf('stream\n');
    if (at < 0) {
      out.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, at);
    const raw = Buffer.from(body.slice(at + 'stream\n'.length, body.lastIndexOf('\nendstream')), 'latin1');
    out.set(Number(m[1]), { dict, stream: /\/Filter \/FlateDecode/.test(dict) ? inflateSync(raw) : raw });
  }
  return out;
}

function ref(dict: string, key: string): number {
  const m = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
  if (!m) throw new Error(`no /${key} reference in ${dict.slice(0, 120)}`);
  return Number(m[1]);
}

function get(objects: Map<number, PdfObject>, id: number): PdfObject {
  const found = objects.get(id);
  if (!found) throw new Error(`object ${id} is missing`);
  return found;
}

/** A ToUnicode CMap as pdfkit writes it: bfrange arrays of UTF-16BE hex strings. */
function unicodeMap(cmap: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const m of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
    let code = Number.parseInt(m[1] ?? '', 16);
    for (const entry of (m[3] ?? '').matchAll(/<([0-9a-f ]*)>/gi)) {
      const units = (entry[1] ?? '')
        .split(' ')
        .filter(Boolean)
        .map((h) => Number.parseInt(h, 16));
      out.set(code++, String.fromCharCode(...units));
    }
  }
  return out;
}

function fontOf(objects: Map<number, PdfObject>, id: number): PdfFont {
  const type0 = get(objects, id).dict;
  const baseFont = /\/BaseFont \/(?:[A-Z]{6}\+)?([^\s/>]+)/.exec(type0)?.[1];
  if (!baseFont) throw new Error(`font ${id} has no BaseFont`);
  const descendant = /\/DescendantFonts \[(\d+) 0 R\]/.exec(type0);
  if (!descendant) throw new Error(`font ${baseFont} is not a Type0 font`);
  const descriptor = get(objects, ref(get(objects, Number(descendant[1])).dict, 'FontDescriptor')).dict;
  const file = get(objects, ref(descriptor, 'FontFile2')).stream;
  const cmap = get(objects, ref(type0, 'ToUnicode')).stream;
  if (!file || !cmap) throw new Error(`font ${baseFont} has no embedded file or ToUnicode stream`);
  return { name: baseFont, file, unicode: unicodeMap(cmap.toString('latin1')) };
}

/** Every glyph the PDF's first page shows, in drawing order. */
export function pdfGlyphs(pdf: Buffer): PdfGlyph[] {
  const objects = objectsOf(pdf);
  const page = [...objects.values()].find((o) => /\/Type \/Page\b/.test(o.dict));
  if (!page) throw new Error('no page');
  const resources = get(objects, ref(page.dict, 'Resources')).dict;
  const fontDict = /\/Font <<([^>]*)>>/.exec(resources)?.[1] ?? '';
  const fonts = new Map<string, PdfFont>();
  for (const m of fontDict.matchAll(/\/(\w+) (\d+) 0 R/g)) fonts.set(m[1] ?? '', fontOf(objects, Number(m[2])));
  const content = get(objects, ref(page.dict, 'Contents')).stream?.toString('latin1') ?? '';
  const glyphs: PdfGlyph[] = [];
  let font: PdfFont | undefined;
  let size = 0;
  let x = 0;
  let y = 0;
  let block = -1;
  const op = /\/(\w+) ([\d.]+) Tf|([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) Tm|<([0-9a-f]+)> Tj|\bBT\b/gi;
  for (const m of content.matchAll(op)) {
    if (m[0] === 'BT') block++;
    else if (m[1] !== undefined) {
      font = fonts.get(m[1]);
      size = Number(m[2]);
    } else if (m[3] !== undefined) {
      x = Number(m[7]);
      y = Number(m[8]);
    } else if (m[9] !== undefined) {
      if (!font) throw new Error('a glyph shown before any font is set');
      for (let i = 0; i < m[9].length; i += 4) glyphs.push({ font, code: Number.parseInt(m[9].slice(i, i + 4), 16), x, y, size, block });
    }
  }
  return glyphs;
}
