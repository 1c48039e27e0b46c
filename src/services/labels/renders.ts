// Asynchronous label renders (docs/api.md#labels ?async=true): 202 with a token, a status to poll, and a
// signed download link valid for 10 minutes that needs no key.
//
// The render runs on the instance that accepted it; its status and bytes live in the database, so
// any instance answers the poll and serves the download (the signing secret must then be shared:
// RECIPAL_SECRET). A PNG/PDF render takes one of the account's render slots from the moment it is
// accepted until it finishes, so ?async=true cannot be used to get around the parallel-render
// limit: the 6th is refused with 429 at once, not failed later.
import { randomBytes } from 'node:crypto';
import type { LabelModel } from '../../core/label/shared/model.js';
import type { AccountRow } from '../../db/repositories/accounts.js';
import {
  deleteLabelRendersBefore,
  findLabelRender,
  findLabelRenderBytes,
  insertLabelRender,
  markLabelRender,
  type LabelRenderRow,
} from '../../db/repositories/label-renders.js';
import { forbidden, notFound, renderConcurrencyExceeded } from '../../errors.js';
import type { Signer } from '../../lib/signing.js';
import { isoSeconds } from '../../lib/time.js';
import type { Caller, ServiceContext } from '../context.js';
import { LABEL_FILE_FORMATS, type LabelFileFormat, type LabelFileOptions } from './files.js';
import { renderLabelFile, type FilePool } from './render-file.js';
import { limitsOf, type RenderSlots } from '../limits/index.js';
import type { Config } from '../../config.js';

/** docs/api.md#labels: the download link is valid for 10 minutes (from the poll that hands it out). */
export const DOWNLOAD_LINK_SECONDS = 600;
/** Finished renders are kept this long, then deleted lazily by the next render request. */
export const RENDER_KEEP_MS = 60 * 60 * 1000;

export interface LabelRenderDeps {
  ctx: ServiceContext;
  renderSlots: RenderSlots;
  defaults: Config['defaults'];
  /** PNG and PDF renders run in the pool, in the account's turn of its fair queue. */
  renderPool: FilePool;
  signer: Signer;
}

export interface LabelRenderJson {
  token: string;
  status: LabelRenderRow['status'];
  format: string;
  url?: string;
  error?: string;
  /** docs/api.md#trust-and-completeness: whether the rendered label is complete (an incomplete one carries the band). */
  complete?: boolean;
}

/** Renders in flight on this instance, so that closing the app (and a test) can wait for them. */
export class LabelRenderQueue {
  /** The job of each render in flight here, by token; a render leaves once its status is written. */
  private readonly pending = new Map<string, Promise<void>>();

  constructor(private readonly deps: LabelRenderDeps) {}

  async start(
    account: Pick<AccountRow, 'id' | 'weekly_limit' | 'per_minute_limit' | 'render_limit'>,
    recipeId: number,
    model: LabelModel,
    options: LabelFileOptions,
  ): Promise<LabelRenderJson> {
    const { ctx } = this.deps;
    const db = ctx.database.db;
    const now = ctx.clock.now();
    await deleteLabelRendersBefore(db, isoSeconds(new Date(now.getTime() - RENDER_KEEP_MS)));
    let release: (() => Promise<void>) | null = null;
    if (options.format !== 'svg') {
      const limit = limitsOf(account, this.deps.defaults).renders;
      release = await this.deps.renderSlots.acquire(account.id, limit);
      if (!release) throw renderConcurrencyExceeded(limit);
    }
    const token = randomBytes(18).toString('base64url');
    try {
      await insertLabelRender(db, {
        token,
        account_id: account.id,
        recipe_id: recipeId,
        status: 'waiting',
        format: options.format,
        created_at: isoSeconds(now),
        complete: model.complete,
      });
    } catch (error) {
      await release?.();
      throw error;
    }
    const job = this.run(token, account.id, model, options).finally(() => release?.());
    this.pending.set(token, job);
    void job.finally(() => this.pending.delete(token));
    return { token, status: 'waiting', format: options.format, complete: model.complete };
  }

  private async run(token: string, accountId: number, model: LabelModel, options: LabelFileOptions): Promise<void> {
    const db = this.deps.ctx.database.db;
    try {
      await new Promise((resolve) => setImmediate(resolve)); // answer the 202 first
      await markLabelRender(db, token, { status: 'processing' });
      const bytes = await renderLabelFile(this.deps.renderPool, model, options, accountId);
      await markLabelRender(db, token, { status: 'ready', bytes });
    } catch (error) {
      await markLabelRender(db, token, { status: 'error', error: `The label could not be rendered: ${(error as Error).message}` }).catch(
        () => {},
      );
    }
  }

  /**
   * Resolves once the render `token` started here has written its final status ('ready' or
   * 'error'); at once when it is not in flight here (already settled, or another instance's).
   * Lets a caller await the outcome instead of polling on a timer.
   */
  async settled(token: string): Promise<void> {
    await this.pending.get(token);
  }

  /** Waits for every render started here (app shutdown, tests). */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending.values()]);
  }
}

/** GET /v1/recipes/label_renders/{token}: the owner's render (404 otherwise, and once expired). */
export async function labelRenderStatus(
  deps: Pick<LabelRenderDeps, 'ctx' | 'signer'>,
  caller: Caller,
  token: string,
  baseUrl: string,
): Promise<LabelRenderJson> {
  const row = await findLabelRender(deps.ctx.database.db, token);
  const now = deps.ctx.clock.now().getTime();
  if (!row || row.account_id !== caller.accountId || Date.parse(row.created_at) + RENDER_KEEP_MS <= now) throw notFound('label render');
  const out: LabelRenderJson = { token: row.token, status: row.status, format: row.format };
  if (row.complete !== null) out.complete = row.complete;
  if (row.status === 'ready') {
    const expires = Math.floor(now / 1000) + DOWNLOAD_LINK_SECONDS;
    const query = new URLSearchParams({ expires: String(expires), signature: deps.signer.sign(row.token, expires) });
    out.url = `${baseUrl}/v1/label_renders/${encodeURIComponent(row.token)}/download?${query}`;
  }
  if (row.status === 'error' && row.error) out.error = row.error;
  return out;
}

/** GET /v1/label_renders/{token}/download (no key): the bytes, when the signature holds and has not expired. */
export async function labelRenderDownload(
  deps: Pick<LabelRenderDeps, 'ctx' | 'signer'>,
  token: string,
  expires: string | undefined,
  signature: string | undefined,
): Promise<{ format: LabelFileFormat; bytes: Buffer; recipeId: number; complete: boolean | null }> {
  const now = deps.ctx.clock.now().getTime();
  const verdict = deps.signer.verify(token, expires ?? '', signature ?? '', Math.floor(now / 1000));
  if (verdict === 'bad') throw forbidden('This download link is not valid; poll the render again for a fresh one.');
  if (verdict === 'expired') throw forbidden('This download link has expired; poll the render again for a fresh one.');
  const row = await findLabelRenderBytes(deps.ctx.database.db, token);
  if (row?.status !== 'ready' || !row.bytes || Date.parse(row.created_at) + RENDER_KEEP_MS <= now) throw notFound('label render');
  // Rows are written with a checked format (start()); a row that says otherwise names no file we serve.
  const format = LABEL_FILE_FORMATS.find((known) => known === row.format);
  if (!format) throw notFound('label render');
  return { format, bytes: row.bytes, recipeId: row.recipe_id, complete: row.complete };
}
