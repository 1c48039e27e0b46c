import { inflateSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../../src/render/png-encode.js';
import { rasterise } from '../../../src/render/png.js';
import { renderLabelSvg } from '../../../src/render/svg/index.js';
import { FDA_SAMPLE } from './fixtures.js';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 6: 4 };

/** An independent reading of the file: chunks with their CRCs, IHDR, and the IDAT rows back to RGBA. */
function decode(png: Buffer): { width: number; height: number; colourType: number; rgba: Buffer } {
  expect([...png.subarray(0, 8)]).toEqual(SIGNATURE);
  const chunks: Array<{ type: string; data: Buffer }> = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc(png.subarray(at + 4, at + 8 + length)));
    chunks.push({ type, data });
    at += 12 + length;
  }
  expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  const header = chunks[0]!.data;
  const [width, height, depth, colourType] = [header.readUInt32BE(0), header.readUInt32BE(4), header[8]!, header[9]!];
  expect(depth).toBe(8);
  const channels = CHANNELS[colourType]!;
  const rows = inflateSync(chunks[1]!.data);
  expect(rows.length).toBe((width * channels + 1) * height);
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    const row = y * (width * channels + 1);
    expect(rows[row]).toBe(0); // filter None
    for (let x = 0; x < width; x++) {
      const p = row + 1 + x * channels;
      const o = (y * width + x) * 4;
      if (channels === 1) rgba.fill(rows[p]!, o, o + 3);
      else rows.copy(rgba, o, p, p + 3);
      rgba[o + 3] = channels === 4 ? rows[p + 3]! : 255;
    }
  }
  return { width, height, colourType, rgba };
}

/** CRC-32 of the PNG specification (Annex D), written out here to check zlib's. */
function crc(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

describe('encodePng', () => {
  it("a label (grey on white) is 8-bit greyscale holding exactly resvg's pixels", () => {
    const { pixels, width, height } = rasterise(renderLabelSvg(FDA_SAMPLE, { embedFont: false, textMode: 'outlines' }), 2);
    const decoded = decode(encodePng(pixels, width, height));
    expect(decoded.colourType).toBe(0);
    expect([decoded.width, decoded.height]).toEqual([width, height]);
    expect(decoded.rgba.equals(pixels)).toBe(true);
  });

  it('an opaque coloured image (the incomplete-data band) is RGB, exactly', () => {
    const { pixels, width, height } = rasterise(
      renderLabelSvg({ ...FDA_SAMPLE, complete: false }, { embedFont: false, textMode: 'outlines' }),
      1,
    );
    const decoded = decode(encodePng(pixels, width, height));
    expect(decoded.colourType).toBe(2);
    expect(decoded.rgba.equals(pixels)).toBe(true);
  });

  it('pixels with transparency are RGBA, exactly', () => {
    const image = new Resvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="7" height="5"><rect x="1" y="1" width="3" height="2" fill="#000" fill-opacity="0.5"/></svg>',
    ).render();
    const decoded = decode(encodePng(image.pixels, image.width, image.height));
    expect(decoded.colourType).toBe(6);
    expect(decoded.rgba.equals(image.pixels)).toBe(true);
  });

  it("is smaller than resvg's own encoding of the same label", () => {
    const resvg = new Resvg(renderLabelSvg(FDA_SAMPLE, { embedFont: false, textMode: 'outlines' }), {
      fitTo: { mode: 'zoom', value: 3 },
      background: '#ffffff',
    });
    const image = resvg.render();
    expect(encodePng(image.pixels, image.width, image.height).length).toBeLessThan(image.asPng().length);
  });

  it('refuses pixels that do not fill the stated size', () => {
    expect(() => encodePng(new Uint8Array(10), 2, 2)).toThrow(/expected 16 bytes/);
  });
});
