// Label files the studio drew recently (docs/studio.md "Speed"): a labels page shows seven labels and
// a person reloads it, approves, comes back. A file is a pure function of the label data it is drawn
// from and of its options, so the key is the hex SHA-256 of the label's canonical data (what an
// approval records, docs/api.md#label-approvals) and the options: a label that changed in any way is another key,
// and no entry can go stale. Identical requests while one is being drawn wait for that one drawing.
import { LRUCache } from 'lru-cache';

/** SVGs are ~25 KB; PNGs at zoom 3 100-300 KB. */
export const STUDIO_FILE_CACHE_BYTES = 16 * 1024 * 1024;

export class LabelFileCache {
  private readonly files: LRUCache<string, Buffer>;
  private readonly drawing = new Map<string, Promise<Buffer>>();
  readonly stats = { hits: 0, drawn: 0 };

  constructor(maxBytes = STUDIO_FILE_CACHE_BYTES) {
    this.files = new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (bytes) => Math.max(1, bytes.length) });
  }

  /** The file of `key` (label hash and options), drawn by `draw` when it is not cached or being drawn. */
  getOrDraw(key: string, draw: () => Promise<Buffer>): Promise<Buffer> {
    const cached = this.files.get(key);
    if (cached) {
      this.stats.hits++;
      return Promise.resolve(cached);
    }
    let pending = this.drawing.get(key);
    if (!pending) {
      pending = draw()
        .then((bytes) => {
          this.stats.drawn++;
          this.files.set(key, bytes);
          return bytes;
        })
        .finally(() => this.drawing.delete(key));
      this.drawing.set(key, pending);
    }
    return pending;
  }
}
