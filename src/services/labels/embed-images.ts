// Recently drawn embed PNGs (docs/api.md §6.2): a page showing an embedded label to many visitors
// asks for the same image again and again. A PNG is a pure function of the label's data and the
// zoom, so identical requests are answered with the bytes already drawn, costing no render thread
// and not counting against the embed's per-minute renders. The key is a digest of the label
// model itself, so any change to the recipe (or its label settings) is a different key, and a
// rotated token is refused before the cache is consulted. Identical requests that arrive while the
// image is being drawn wait for that one render instead of starting their own.
// Two recipes with identical labels share an entry: the bytes are the same, and a hit tells the
// asker nothing they did not put into their own label.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { LabelModel } from '../../core/label/shared/model.js';

/** Total bytes held: a deep label at zoom 6 is about 2 MB, an ordinary one 100-300 KB. */
export const EMBED_IMAGE_CACHE_BYTES = 32 * 1024 * 1024;

export class EmbedImageCache {
  private readonly images: LRUCache<string, Buffer>;
  private readonly drawing = new Map<string, Promise<Buffer>>();

  constructor(maxBytes = EMBED_IMAGE_CACHE_BYTES) {
    this.images = new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (bytes) => Math.max(1, bytes.length) });
  }

  keyOf(model: LabelModel, zoom: number): string {
    return createHash('sha256').update(JSON.stringify({ model, zoom })).digest('base64url');
  }

  /** The cached bytes of `key`, the render of it already under way, or a new `render()` (cached once it succeeds). */
  getOrDraw(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const cached = this.images.get(key);
    if (cached) return Promise.resolve(cached);
    let drawing = this.drawing.get(key);
    if (!drawing) {
      drawing = render()
        .then((bytes) => {
          this.images.set(key, bytes);
          return bytes;
        })
        .finally(() => this.drawing.delete(key));
      this.drawing.set(key, drawing);
    }
    return drawing;
  }
}
