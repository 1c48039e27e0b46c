// What one render may draw (src/render/bounds.ts), on both sides of each bound.
import { describe, expect, it } from 'vitest';
import { checkPdfBounds, checkPngBounds, MAX_PDF_PAGE_POINTS, pngPixels } from '../../../src/render/bounds.js';

describe('checkPngBounds', () => {
  it('counts pixels as resvg sizes the image: each side rounded to whole pixels', () => {
    // The deep benchmark label: 196 x 1332.26 pt gives 196x1332, 588x3997 and 1176x7994 PNGs.
    expect(pngPixels(196, 1332.26, 1)).toBe(196 * 1332);
    expect(pngPixels(196, 1332.26, 3)).toBe(588 * 3997);
    expect(pngPixels(196, 1332.26, 6)).toBe(1176 * 7994);
  });

  it.each([
    // [width, height, zoom, max pixels, refused]
    [100, 100, 2, 40_000, false], // exactly at the limit
    [100, 100, 2.01, 40_000, true], // one step over (201 x 201)
    [196, 1332.26, 6, 16_000_000, false], // the deep benchmark label at zoom 6: 9.4 million
    [196, 3000, 6, 16_000_000, true], // 21.2 million
    [196, 3000, 0.8, 16_000_000, false],
  ])('%s x %s pt at zoom %s within %s pixels: refused %s', (width, height, zoom, max, refused) => {
    expect(checkPngBounds(width, height, zoom, max) !== null).toBe(refused);
  });

  it('names zoom and the largest zoom (in tenths) that fits, which itself fits', () => {
    const refusal = checkPngBounds(196, 3000, 6, 16_000_000)!;
    expect(refusal.field).toBe('zoom');
    expect(refusal.message).toBe(
      'must be at most 5.2 for this label (a PNG may have at most 16,000,000 pixels and this label at zoom 6 would have 21,168,000)',
    );
    expect(checkPngBounds(196, 3000, 5.2, 16_000_000)).toBeNull();
    expect(checkPngBounds(196, 3000, 5.3, 16_000_000)).not.toBeNull();
  });

  it('says so when no zoom of the range fits', () => {
    const refusal = checkPngBounds(196, 200_000, 0.8, 16_000_000)!;
    expect(refusal.message).toMatch(/^is too large for this label at any zoom \(/);
  });
});

describe('checkPdfBounds', () => {
  // The auto page adds 18 pt on each side of the label.
  const edge = MAX_PDF_PAGE_POINTS - 36;
  it.each([
    [196, edge, 'auto', false],
    [196, edge + 0.5, 'auto', true],
    [edge + 0.5, 196, 'auto', true],
    [196, 100_000, 'letter', false], // paper sizes scale the label to fit
    [196, 100_000, 'legal', false],
    [196, 100_000, 'A4', false],
  ] as const)('%s x %s pt on %s: refused %s', (width, height, pageSize, refused) => {
    const refusal = checkPdfBounds(width, height, pageSize);
    expect(refusal !== null).toBe(refused);
    if (refusal) expect(refusal.field).toBe('page_size');
  });
});
