// A PNG writer for resvg's RGBA pixels, tuned for labels: black and grey on white. resvg-js's own
// asPng spends as long encoding as it does rasterising; this one writes 8-bit greyscale when every
// pixel is an opaque grey (every label; the Canadian symbol is black and white too), else RGB when
// every pixel is opaque (the PNG is drawn on white), else RGBA, with no row filter and zlib level 1
// matching runs only (Z_RLE: a label is mostly long runs of white). The narrow data and the fast
// setting give files half the size of asPng's in a fraction of its time.

import { constants, crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// IHDR colour types (PNG specification, 11.2.2).
const GREY = 0;
const RGB = 2;
const RGBA = 6;

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Rows of 8-bit grey, each led by filter byte 0 (None); null as soon as a pixel is not an opaque grey. */
function greyScanlines(rgba: Uint8Array, width: number, height: number): Buffer | null {
  // One 32-bit read per pixel (little-endian: R in the low byte, A in the high one).
  const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, width * height);
  const stride = width + 1;
  const out = Buffer.alloc(stride * height);
  let from = 0;
  for (let y = 0; y < height; y++) {
    let to = y * stride + 1;
    for (let x = 0; x < width; x++) {
      // biome-ignore lint/style/noNonNullAssertion: from counts 0 .. width * height - 1, the length of pixels
      const v = pixels[from++]!;
      if (v === 0xffffffff) {
        out[to++] = 255; // white, most of a label
        continue;
      }
      const r = v & 0xff;
      if (v >>> 24 !== 255 || ((v >>> 8) & 0xff) !== r || ((v >>> 16) & 0xff) !== r) return null;
      out[to++] = r;
    }
  }
  return out;
}

/** Rows of RGB (every pixel opaque) or else RGBA, each led by filter byte 0 (None). */
function colourScanlines(rgba: Uint8Array, width: number, height: number): { rows: Buffer; colourType: number } {
  let opaque = true;
  for (let i = 3; i < rgba.length && opaque; i += 4) opaque = rgba[i] === 255;
  const channels = opaque ? 3 : 4;
  const stride = width * channels + 1;
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    let to = y * stride + 1;
    let from = y * width * 4;
    if (!opaque) {
      rows.set(rgba.subarray(from, from + width * 4), to);
      continue;
    }
    // biome-ignore-start lint/style/noNonNullAssertion: from + 2 < (y + 1) * width * 4 <= rgba.length (encodePng checks the length)
    for (let x = 0; x < width; x++, from += 4) {
      rows[to++] = rgba[from]!;
      rows[to++] = rgba[from + 1]!;
      rows[to++] = rgba[from + 2]!;
    }
    // biome-ignore-end lint/style/noNonNullAssertion: see above
  }
  return { rows, colourType: opaque ? RGB : RGBA };
}

/**
 * Encodes RGBA pixels as a PNG. resvg's pixels are premultiplied; drawn on an opaque background they
 * are all opaque, where premultiplied and straight alpha are the same.
 */
export function encodePng(rgba: Uint8Array, width: number, height: number): Buffer {
  if (rgba.length !== width * height * 4) throw new Error(`expected ${width * height * 4} bytes of RGBA, got ${rgba.length}`);
  const grey = rgba.byteOffset % 4 === 0 ? greyScanlines(rgba, width, height) : null;
  const { rows, colourType } = grey ? { rows: grey, colourType: GREY } : colourScanlines(rgba, width, height);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = colourType;
  const data = deflateSync(rows, { level: 1, strategy: constants.Z_RLE });
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', data), chunk('IEND', Buffer.alloc(0))]);
}
