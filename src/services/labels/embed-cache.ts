// Recently built embed files (docs/api.md#embed-cache): a page showing an embedded label to
// many visitors asks for the same file again and again. A file is a pure function of the recipe
// tree it was built from (the recipe, its lines, their ingredients and subrecipes, as stored) and
// of the options asked, so the key is a digest of exactly that, taken from the rows read for this
// request: any change to anything the label shows is a different key, and no entry can go stale. A
// rotated token finds no tree, so it is refused before the cache is looked at. Identical requests
// that arrive while a PNG is being drawn wait for that one render instead of starting their own.
// Two recipes with identical trees would share an entry: the bytes are the same, and a hit tells the
// asker nothing they did not put into their own label.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { RecipeGraph } from '../../core/recipe/types.js';

/** Total bytes held: a deep label's PNG at zoom 6 is about 2 MB, an ordinary one 100-300 KB, an SVG 30 KB. */
export const EMBED_CACHE_BYTES = 32 * 1024 * 1024;

export interface EmbedFile {
  bytes: Buffer;
  /** docs/api.md#incomplete-band: X-Label-Complete. */
  complete: boolean;
  /** The recipe's name, for the file name. */
  name: string;
}

/** The key of the file `options` names, built from `graph` (the JSON of every row loaded, in load order). */
export function embedKeyOf(recipeId: number, graph: RecipeGraph, options: string): string {
  return createHash('sha256')
    .update(options)
    .update(JSON.stringify([recipeId, [...graph.recipes.values()], [...graph.lines.values()], [...graph.ingredients.values()]]))
    .digest('base64url');
}

export class EmbedCache {
  private readonly files: LRUCache<string, EmbedFile>;
  private readonly drawing = new Map<string, Promise<EmbedFile>>();
  /** Answers served from the cache and built, since start (the regression tests and operators read them). */
  readonly stats = { hits: 0, built: 0 };

  constructor(maxBytes = EMBED_CACHE_BYTES) {
    this.files = new LRUCache<string, EmbedFile>({ maxSize: maxBytes, sizeCalculation: (file) => Math.max(1, file.bytes.length) });
  }

  get(key: string): EmbedFile | undefined {
    const file = this.files.get(key);
    if (file) this.stats.hits++;
    return file;
  }

  set(key: string, file: EmbedFile): EmbedFile {
    this.stats.built++;
    this.files.set(key, file);
    return file;
  }

  /** The cached file of `key`, the build of it already under way, or a new `build()` (cached once it succeeds). */
  getOrBuild(key: string, build: () => Promise<EmbedFile>): Promise<EmbedFile> {
    const cached = this.get(key);
    if (cached) return Promise.resolve(cached);
    let building = this.drawing.get(key);
    if (!building) {
      building = build()
        .then((file) => this.set(key, file))
        .finally(() => this.drawing.delete(key));
      this.drawing.set(key, building);
    }
    return building;
  }
}
