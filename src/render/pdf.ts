// PDF through pdfkit, drawing our own SVG with svg-to-pdfkit (1 SVG unit = 1 pt, so type sizes
// and rule weights print at the regulation's values). Parsed fonts are reused across documents:
// parsing a 320 KB TTF per document is what makes a naive pdfkit render slow. The SVG is drawn with
// textMode 'shaped-text': text that needs shaping arrives as runs in the shaping fonts, registered
// here as fonts that lay text out through the shaper (pdf-shaped-fonts.ts).

import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { LabelModel } from '../core/label/shared/model.js';
import { FONT_FAMILY, fontBuffer, hasBlackFace, type FontFace } from './fonts.js';
import { shapedPdfFont } from './pdf-shaped-fonts.js';
import { labelTitle, renderLabelSvg } from './svg/index.js';
import { fontOfShapedFamily, shapedFamily, shapedFontsIn } from './text/run-encoding.js';
import { stripLayoutTables } from './ttf-subset.js';

export type PdfPageSize = 'auto' | 'letter' | 'legal' | 'A4';

export const PDF_PAGE_SIZES: readonly PdfPageSize[] = ['auto', 'letter', 'legal', 'A4'];

/** Page sizes in points (ISO 216 A4; US letter and legal). */
export const PAGE_POINTS: Record<Exclude<PdfPageSize, 'auto'>, [number, number]> = {
  letter: [612, 792],
  legal: [612, 1008],
  A4: [595.28, 841.89],
};

/** White space around the label on an 'auto' page, and the margin on paper sizes. */
const AUTO_MARGIN = 18;
const PAPER_MARGIN = 36;

export interface PdfOptions {
  pageSize?: PdfPageSize;
  /** Fixed creation date (the default is now); equal inputs then give byte-equal PDFs. */
  creationDate?: Date;
}

const FONT_NAMES: Record<FontFace, string> = {
  regular: FONT_FAMILY,
  bold: `${FONT_FAMILY}-Bold`,
  italic: `${FONT_FAMILY}-Italic`,
  black: `${FONT_FAMILY}-Black`,
};

/** A parsed font as pdfkit holds it (a fontkit font); pdfkit accepts one in place of a file. */
type ParsedFont = { layout: (...args: unknown[]) => unknown };

let parsedFonts: Map<FontFace, ParsedFont> | null = null;

/**
 * Parses each face once per process, through pdfkit's own font loader. The GSUB/GPOS tables are
 * removed first: fontkit's shaping through them cost ~2/3 of a document's time, and the SVG's
 * layout (ttf.ts) never applies kerning either, so the PDF now matches it glyph for glyph.
 */
function parsed(): Map<FontFace, ParsedFont> {
  if (parsedFonts === null) {
    const map = new Map<FontFace, ParsedFont>();
    const probe = new PDFDocument({ autoFirstPage: false });
    for (const face of ['regular', 'bold', 'italic'] as FontFace[]) {
      probe.font(stripLayoutTables(fontBuffer(face)));
      map.set(face, (probe as unknown as { _font: { font: ParsedFont } })._font.font);
    }
    if (hasBlackFace()) {
      probe.font(stripLayoutTables(fontBuffer('black')));
      map.set('black', (probe as unknown as { _font: { font: ParsedFont } })._font.font);
    }
    parsedFonts = map;
  }
  return parsedFonts;
}

function fontName(bold: boolean, italic: boolean): string {
  // No bold italic on labels: "Trans" is italic only on non-bold rows (101.9(c)(2)(ii)).
  if (bold) return FONT_NAMES.bold;
  if (italic) return FONT_NAMES.italic;
  return FONT_NAMES.regular;
}

function pageLayout(width: number, height: number, pageSize: PdfPageSize): { page: [number, number]; x: number; y: number; scale: number } {
  if (pageSize === 'auto') {
    return { page: [width + 2 * AUTO_MARGIN, height + 2 * AUTO_MARGIN], x: AUTO_MARGIN, y: AUTO_MARGIN, scale: 1 };
  }
  const page = PAGE_POINTS[pageSize];
  // Labels print at their regulatory size; one that cannot fit the paper is scaled down uniformly
  // (B.01.450 and 101.9(d) allow uniform scaling, not distortion).
  const scale = Math.min(1, (page[0] - 2 * PAPER_MARGIN) / width, (page[1] - 2 * PAPER_MARGIN) / height);
  return { page, x: PAPER_MARGIN, y: PAPER_MARGIN, scale };
}

/** The label's size in points, from the root element of a label SVG. */
export function svgSize(svg: string): { width: number; height: number } {
  const m = /<svg[^>]*\swidth="([\d.]+)"[^>]*\sheight="([\d.]+)"/.exec(svg);
  if (!m) throw new Error('label SVG has no width/height');
  return { width: Number(m[1]), height: Number(m[2]) };
}

/**
 * Draws a label SVG (rendered with embedFont false and textMode 'shaped-text') into a new PDF,
 * synchronously: pdfkit writes and compresses everything inside end(), so the paused stream already
 * holds the whole file.
 */
export function svgToPdfSync(svg: string, title: string, options: PdfOptions = {}): Buffer {
  const { width, height } = svgSize(svg);
  const layout = pageLayout(width, height, options.pageSize ?? 'auto');
  const doc = new PDFDocument({
    size: layout.page,
    margin: 0,
    info: { Title: title, Creator: 'recipal-api', Producer: 'recipal-api', CreationDate: options.creationDate ?? new Date() },
  });
  for (const [face, font] of parsed()) doc.registerFont(FONT_NAMES[face], font as never);
  for (const font of shapedFontsIn(svg)) doc.registerFont(shapedFamily(font), shapedPdfFont(font) as never);
  SVGtoPDF(doc, svg, layout.x, layout.y, {
    width: width * layout.scale,
    height: height * layout.scale,
    assumePt: true,
    // A shaped run names its font's family (registered above); all other text is Arimo.
    fontCallback: (family, bold, italic) => (fontOfShapedFamily(family) ? family : fontName(bold, italic)),
    warningCallback: () => undefined,
  });
  doc.end();
  const chunks: Buffer[] = [];
  for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null) chunks.push(chunk);
  const pdf = Buffer.concat(chunks);
  if (!pdf.subarray(-6).toString('latin1').includes('%%EOF')) throw new Error('pdfkit did not finish the document synchronously');
  return pdf;
}

export function renderLabelPdfSync(model: LabelModel, options: PdfOptions = {}): Buffer {
  return svgToPdfSync(renderLabelSvg(model, { embedFont: false, textMode: 'shaped-text' }), labelTitle(model), options);
}

export async function renderLabelPdf(model: LabelModel, options: PdfOptions = {}): Promise<Buffer> {
  return renderLabelPdfSync(model, options);
}
