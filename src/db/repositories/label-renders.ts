// The label_renders table: the only place that knows its SQL.
import type { Executor } from '../schema.js';
import type { LabelRenderStatus } from '../tables/label-renders.js';

export interface LabelRenderRow {
  token: string;
  account_id: number;
  recipe_id: number;
  status: LabelRenderStatus;
  format: string;
  error: string | null;
  created_at: string;
}

const META = ['token', 'account_id', 'recipe_id', 'status', 'format', 'error', 'created_at'] as const;

function toRow(row: Record<string, unknown>): LabelRenderRow {
  return {
    token: String(row.token),
    account_id: Number(row.account_id),
    recipe_id: Number(row.recipe_id),
    status: row.status as LabelRenderStatus,
    format: String(row.format),
    error: (row.error as string | null) ?? null,
    created_at: String(row.created_at),
  };
}

export async function insertLabelRender(db: Executor, render: Omit<LabelRenderRow, 'error'>): Promise<void> {
  await db.insertInto('label_renders').values({ ...render, bytes: null, error: null }).execute();
}

/** Status and metadata without the bytes (polls stay cheap). */
export async function findLabelRender(db: Executor, token: string): Promise<LabelRenderRow | undefined> {
  const row = await db.selectFrom('label_renders').select(META).where('token', '=', token).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function findLabelRenderBytes(db: Executor, token: string): Promise<(LabelRenderRow & { bytes: Buffer | null }) | undefined> {
  const row = await db.selectFrom('label_renders').select([...META, 'bytes']).where('token', '=', token).executeTakeFirst();
  if (!row) return undefined;
  return { ...toRow(row), bytes: row.bytes ? Buffer.from(row.bytes) : null };
}

export async function markLabelRender(db: Executor, token: string, change: { status: LabelRenderStatus; bytes?: Buffer; error?: string }): Promise<void> {
  await db.updateTable('label_renders')
    .set({ status: change.status, bytes: change.bytes ?? null, error: change.error ?? null })
    .where('token', '=', token)
    .execute();
}

/** Deletes renders created before `before` (ISO); returns how many. */
export async function deleteLabelRendersBefore(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('label_renders').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
