// The label_renders table: the only place that knows its SQL.
import type { Executor } from '../schema.js';
import type { LabelRenderStatus } from '../tables/label-renders.js';
import { looksLikeToken } from '../../lib/token-text.js';

export interface LabelRenderRow {
  token: string;
  account_id: number;
  recipe_id: number;
  status: LabelRenderStatus;
  format: string;
  error: string | null;
  created_at: string;
  /** docs/api.md#incomplete-band X-Label-Complete; null for renders recorded before it was kept. */
  complete: boolean | null;
}

const META = ['token', 'account_id', 'recipe_id', 'status', 'format', 'error', 'created_at', 'complete'] as const;

function toRow(row: Record<string, unknown>): LabelRenderRow {
  return {
    token: String(row.token),
    account_id: Number(row.account_id),
    recipe_id: Number(row.recipe_id),
    status: row.status as LabelRenderStatus,
    format: String(row.format),
    error: (row.error as string | null) ?? null,
    created_at: String(row.created_at),
    complete: row.complete === null || row.complete === undefined ? null : Number(row.complete) === 1,
  };
}

export async function insertLabelRender(db: Executor, render: Omit<LabelRenderRow, 'error'>): Promise<void> {
  const complete = render.complete === null ? null : render.complete ? 1 : 0;
  await db
    .insertInto('label_renders')
    .values({ ...render, complete, bytes: null, error: null })
    .execute();
}

/** Status and metadata without the bytes (polls stay cheap). */
export async function findLabelRender(db: Executor, token: string): Promise<LabelRenderRow | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const row = await db.selectFrom('label_renders').select(META).where('token', '=', token).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function findLabelRenderBytes(db: Executor, token: string): Promise<(LabelRenderRow & { bytes: Buffer | null }) | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const row = await db
    .selectFrom('label_renders')
    .select([...META, 'bytes'])
    .where('token', '=', token)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...toRow(row), bytes: row.bytes ? Buffer.from(row.bytes) : null };
}

export async function markLabelRender(
  db: Executor,
  token: string,
  change: { status: LabelRenderStatus; bytes?: Buffer; error?: string },
): Promise<void> {
  await db
    .updateTable('label_renders')
    .set({ status: change.status, bytes: change.bytes ?? null, error: change.error ?? null })
    .where('token', '=', token)
    .execute();
}

/** Deletes renders created before `before` (ISO); returns how many. */
export async function deleteLabelRendersBefore(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('label_renders').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
