import { describe, expect, it } from 'vitest';
import { renderEmbedHtml } from '../../../src/render/html.js';
import { PAGE_POINTS, renderLabelPdf, renderLabelPdfSync } from '../../../src/render/pdf.js';
import { renderLabelPng } from '../../../src/render/png.js';
import { renderLabelSvg } from '../../../src/render/svg/index.js';
import { ALL_FIXTURES, CA_BILINGUAL, FDA_SAMPLE } from './fixtures.js';
import type { LabelModel } from '../../../src/core/label/shared/model.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

function svgSize(model: LabelModel): { width: number; height: number } {
  const m = /<svg[^>]*\swidth="([\d.]+)"[^>]*\sheight="([\d.]+)"/.exec(renderLabelSvg(model, { embedFont: false }))!;
  return { width: Number(m[1]), height: Number(m[2]) };
}

function mediaBox(pdf: Buffer): number[] {
  const m = /\/MediaBox \[([^\]]+)\]/.exec(pdf.toString('latin1'));
  if (!m) throw new Error('no MediaBox');
  return m[1]!.trim().split(/\s+/).map(Number);
}

describe('renderLabelPng', () => {
  it.each([
    [0.8, 0.8],
    [1, 1],
    [2, 2],
    [3, 3],
    [6, 6],
    // docs/api.md#labels: zoom 0.8 to 6; outside values are held to the range.
    [0.5, 0.8],
    [10, 6],
  ])('zoom %s renders at %sx the SVG size', (zoom, effective) => {
    const png = renderLabelPng(FDA_SAMPLE, { zoom });
    const svg = svgSize(FDA_SAMPLE);
    const { width, height } = pngSize(png);
    expect(Math.abs(width - svg.width * effective)).toBeLessThanOrEqual(1);
    expect(Math.abs(height - svg.height * effective)).toBeLessThanOrEqual(1);
  });

  it('defaults to zoom 3', () => {
    expect(pngSize(renderLabelPng(CA_BILINGUAL)).width).toBe(Math.round(svgSize(CA_BILINGUAL).width * 3));
  });

  it.each(Object.entries(ALL_FIXTURES))('%s renders', (_f, model) => {
    expect(pngSize(renderLabelPng(model, { zoom: 1 })).width).toBeGreaterThan(100);
  });

  it('draws text (not just rules): a label with text differs from one without', () => {
    const blank = renderLabelPng({ ...FDA_SAMPLE, ingredient_statement: null, allergen_statement: null }, { zoom: 1 });
    const withText = renderLabelPng({ ...FDA_SAMPLE, ingredient_statement: null, allergen_statement: null, footnote: 'x' }, { zoom: 1 });
    expect(blank.equals(withText)).toBe(false);
  });
});

describe('renderLabelPdf', () => {
  it.each([
    ['letter', PAGE_POINTS.letter],
    ['legal', PAGE_POINTS.legal],
    ['A4', PAGE_POINTS.A4],
  ] as const)('%s page is %j points', async (pageSize, [w, h]) => {
    const pdf = await renderLabelPdf(FDA_SAMPLE, { pageSize });
    expect(pdf.toString('latin1', 0, 5)).toBe('%PDF-');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    const box = mediaBox(pdf);
    expect(box[2]).toBeCloseTo(w, 2);
    expect(box[3]).toBeCloseTo(h, 2);
  });

  it.each([
    ['fda', FDA_SAMPLE],
    ['ca bilingual', CA_BILINGUAL],
  ] as const)('auto page (%s) is the label plus 18 pt each side', async (_n, model) => {
    const box = mediaBox(await renderLabelPdf(model, { pageSize: 'auto' }));
    const svg = svgSize(model);
    expect(box[2]).toBeCloseTo(svg.width + 36, 2);
    expect(box[3]).toBeCloseTo(svg.height + 36, 2);
  });

  it('embeds Arimo and carries the label title', () => {
    const pdf = renderLabelPdfSync(FDA_SAMPLE).toString('latin1');
    expect(pdf).toMatch(/\/FontName \/[A-Z]{6}\+Arimo/);
    expect(pdf).toMatch(/\/Title \d+ 0 R/);
    expect(pdf).toContain('(Nutrition Facts)');
  });

  it('a fixed creation date gives byte-equal files', () => {
    const creationDate = new Date('2024-01-02T03:04:05Z');
    expect(renderLabelPdfSync(FDA_SAMPLE, { creationDate }).equals(renderLabelPdfSync(FDA_SAMPLE, { creationDate }))).toBe(true);
  });
});

describe('renderEmbedHtml', () => {
  const html = renderEmbedHtml(
    { ...FDA_SAMPLE, ingredient_statement: 'Ingredients: <script>alert(1)</script>' },
    { title: 'Oat "crunch" </title><script>x()</script>' },
  );

  it('is a standalone page with the label inline', () => {
    expect(html.startsWith('<!doctype html><html lang="en-US">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toMatch(/<body><svg [^>]*>/);
    expect(html).toContain('@font-face');
  });

  it('escapes the title and the statements; has no scripts and no external assets', () => {
    expect(html).toContain('<title>Oat &quot;crunch&quot; &lt;/title&gt;&lt;script&gt;x()&lt;/script&gt;</title>');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\s(src|href)=/i);
    expect(html).not.toMatch(/url\((?!data:)/);
  });
});
