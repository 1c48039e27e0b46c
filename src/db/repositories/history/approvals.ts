// Label approvals (docs/api.md#history): a label as approved, its files and frozen symbols kept as they were.
import type { Executor } from '../../schema.js';
import type { LabelApprovalSymbolsTable, LabelApprovalsTable } from '../../tables/label-approvals.js';

export type ApprovalRow = Omit<LabelApprovalsTable, 'id' | 'svg' | 'png' | 'pdf'> & { id: number };
export type ApprovalFile = 'svg' | 'png' | 'pdf';

const APPROVAL_META = [
  'id',
  'account_id',
  'recipe_id',
  'revision',
  'language',
  'format',
  'approved_at',
  'approved_by',
  'note',
  'sha256',
  'label',
  'rules_version',
] as const;

export async function insertApproval(db: Executor, row: Omit<LabelApprovalsTable, 'id'>): Promise<ApprovalRow> {
  return db.insertInto('label_approvals').values(row).returning(APPROVAL_META).executeTakeFirstOrThrow();
}

export async function findOwnApproval(db: Executor, accountId: number, id: number): Promise<ApprovalRow | undefined> {
  return db.selectFrom('label_approvals').select(APPROVAL_META).where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
}

export async function findOwnApprovalFile(
  db: Executor,
  accountId: number,
  id: number,
  file: ApprovalFile,
): Promise<{ recipe_id: number; label: string; bytes: Buffer } | undefined> {
  const row = await db
    .selectFrom('label_approvals')
    .select(['recipe_id', 'label', file])
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row
    ? { recipe_id: row.recipe_id, label: row.label, bytes: Buffer.from((row as Record<ApprovalFile, Uint8Array>)[file]) }
    : undefined;
}

export async function insertApprovalSymbol(db: Executor, row: LabelApprovalSymbolsTable): Promise<void> {
  await db.insertInto('label_approval_symbols').values(row).execute();
}

/** The caller's approval (undefined when not theirs) and its frozen symbol file (null when none was frozen). */
export async function findOwnApprovalSymbolFile(
  db: Executor,
  accountId: number,
  id: number,
  file: ApprovalFile,
): Promise<{ recipe_id: number; label: string; bytes: Buffer | null } | undefined> {
  const row = await db
    .selectFrom('label_approvals as a')
    .leftJoin('label_approval_symbols as s', 's.approval_id', 'a.id')
    .select(['a.recipe_id', 'a.label', `s.${file} as bytes`])
    .where('a.id', '=', id)
    .where('a.account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) return undefined;
  const bytes = row.bytes as Uint8Array | null;
  return { recipe_id: row.recipe_id, label: row.label, bytes: bytes === null ? null : Buffer.from(bytes) };
}

export async function listApprovals(
  db: Executor,
  accountId: number,
  recipeId: number,
  slice: { offset: number; limit: number },
): Promise<{ items: ApprovalRow[]; total: number }> {
  const base = db.selectFrom('label_approvals').where('account_id', '=', accountId).where('recipe_id', '=', recipeId);
  const [items, count] = await Promise.all([
    base.select(APPROVAL_META).orderBy('id', 'desc').offset(slice.offset).limit(slice.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}
