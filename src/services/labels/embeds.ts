// Public embeds (GET /embed/{token}, .svg, .png: docs/api.md#labels, docs/api.md#render-limits): what one costs the server.
// - Preparing one (reading the recipe tree, and on a miss building the label and drawing an SVG or
//   the HTML page) is event-loop work done for nobody in particular: it takes its turn in LoopTurns,
//   one embed per turn of the loop, so a flood of embeds never keeps the loop from accepting
//   connections and serving accounts; beyond EMBED_WAITING waiting, 429.
// - Files come from the embed cache when the tree and options are unchanged (embed-cache.ts).
// - A PNG is drawn in the render pool as the anonymous tenant, at most EMBED_RENDERS_PER_MINUTE
//   times a minute per token; a PNG that would be refused for want of a render is refused before
//   its label is computed.
import type { LabelModel } from '../../core/label/shared/model.js';
import { embedRateLimited, embedRendersBusy, embedsBusy } from '../../errors.js';
import { LoopTurns } from '../../lib/loop-turns.js';
import type { RenderPool } from '../../render/pool.js';
import { embedHtmlOf } from '../../render/html.js';
import type { ServiceContext } from '../context.js';
import { EmbedRenderRate } from '../limits/index.js';
import { labelInputOfTree, loadEmbedTree } from '../recipes/index.js';
import { EmbedCache, type EmbedFile, embedKeyOf } from './embed-cache.js';
import { fileOptionsOf, type LabelFileOptions } from './files.js';
import { chooseLabelOptions, labelFor } from './labels.js';
import { renderLabelFile } from './render-file.js';

/** Embeds waiting for their turn on one instance; the next is refused (429, Retry-After: 1). */
export const EMBED_WAITING = 64;

export type EmbedFormat = 'html' | 'svg' | 'png';

export interface EmbedQuery {
  language?: string;
  format?: string;
  zoom?: string;
}

export interface EmbedsOptions {
  ctx: ServiceContext;
  renderPool: Pick<RenderPool, 'render' | 'anonymousFull'>;
  /** EMBED_RENDERS_PER_MINUTE. */
  pngPerMinute: number;
}

type Prepared = { file: EmbedFile } | { key: string; label: LabelModel; options: LabelFileOptions; name: string };

export class Embeds {
  private readonly turns = new LoopTurns(EMBED_WAITING);
  private readonly rate: EmbedRenderRate;
  readonly cache = new EmbedCache();

  constructor(private readonly options: EmbedsOptions) {
    this.rate = new EmbedRenderRate(options.ctx.clock, options.pngPerMinute);
  }

  /**
   * A PNG that would be refused for want of a render is refused before its label is computed. Under
   * such load a PNG that happens to be cached is refused too: the price of keeping refusals cheap.
   */
  refusePngEarly(token: string): void {
    const verdict = this.rate.peek(token);
    if (!verdict.allowed) throw embedRateLimited(this.rate.perMinute, verdict.retryAfterSeconds);
    if (this.options.renderPool.anonymousFull()) throw embedRendersBusy();
  }

  /** The file of the embed `token`; undefined for an unknown (or rotated) token. */
  async file(token: string, format: EmbedFormat, query: EmbedQuery): Promise<EmbedFile | undefined> {
    const turn = this.turns.run(() => this.prepare(token, format, query));
    if (!turn) throw embedsBusy();
    const prepared = await turn;
    if (!prepared || 'file' in prepared) return prepared?.file;
    const { key, label, options, name } = prepared;
    return this.cache.getOrBuild(key, async () => {
      const verdict = this.rate.take(token);
      if (!verdict.allowed) throw embedRateLimited(this.rate.perMinute, verdict.retryAfterSeconds);
      const bytes = await renderLabelFile(this.options.renderPool, label, options, 'anonymous');
      return { bytes, complete: label.complete, name };
    });
  }

  /** Event-loop work, in its turn: the tree, then the cached file, or the label (and an SVG or page). */
  private async prepare(token: string, format: EmbedFormat, query: EmbedQuery): Promise<Prepared | undefined> {
    const found = await loadEmbedTree(this.options.ctx, token);
    if (!found) return undefined;
    const asked = JSON.stringify([format, query.language ?? null, query.format ?? null, format === 'png' ? (query.zoom ?? null) : null]);
    const key = embedKeyOf(found.recipeId, found.tree.graph, asked);
    const cached = this.cache.get(key);
    if (cached) return { file: cached };
    const recipe = labelInputOfTree(found);
    if (!recipe) return undefined;
    const label = labelFor(recipe, chooseLabelOptions(recipe.label_settings, query), this.options.ctx.clock.now());
    if (format === 'png') return { key, label, options: fileOptionsOf('png', query), name: recipe.name };
    // The page holds the label's SVG: drawn here, or by the pool when its text needs shaping (render-file.ts).
    const svg = await renderLabelFile(this.options.renderPool, label, fileOptionsOf('svg', query), 'anonymous');
    const bytes = format === 'html' ? Buffer.from(embedHtmlOf(label, svg.toString('utf8'), { title: recipe.name }), 'utf8') : svg;
    return { file: this.cache.set(key, { bytes, complete: label.complete, name: recipe.name }) };
  }
}
