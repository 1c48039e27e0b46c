// The history tables (docs/api.md §9): the only place that knows their SQL. Nothing here is read by a
// request for the present.
import { CompiledQuery, sql } from 'kysely';
import { isPostgres } from '../locks.js';
import type { Executor } from '../schema.js';
import type { LabelApprovalSymbolsTable, LabelApprovalsTable } from '../tables/history.js';

export interface RevisionRow {
  recipe_id: number;
  number: number;
  created_at: string;
  changed_by: string | null;
  request_id: string | null;
  changes: string;
}

const REVISION_META = ['recipe_id', 'number', 'created_at', 'changed_by', 'request_id', 'changes'] as const;

/** The column names of a row type, every one of them (a type error names any left out). */
function everyColumnOf<Row>() {
  return <const Columns extends readonly (keyof Row & string)[]>(
    ...columns: Columns & (Exclude<keyof Row, Columns[number]> extends never ? unknown : never)
  ): Columns => columns;
}

// The text of each multi-row insert, by dialect, table, columns and row count: built once. History's
// inserts run inside every write's transaction, where Kysely's builder and compiler took longer than
// the statements (~12 µs for four revisions; BENCHMARKS.md "history"). The values are bound parameters.
const insertTexts = new Map<string, string>();

function insertText(postgres: boolean, table: string, columns: readonly string[], rowCount: number, suffix: string, after = 0): string {
  const key = `${postgres} ${table} ${columns.join(',')} ${rowCount} ${suffix} ${after}`;
  let text = insertTexts.get(key);
  if (text === undefined) {
    // PostgreSQL numbers its parameters: these follow the `after` of a statement this one is part of.
    let parameter = after;
    const placeholder = () => (postgres ? `$${++parameter}` : '?');
    const row = () => `(${columns.map(placeholder).join(', ')})`;
    const values = Array.from({ length: rowCount }, row).join(', ');
    text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${values}${suffix}`;
    insertTexts.set(key, text);
  }
  return text;
}

/** `insert into <table> (columns) values (...), (...)<suffix>`, every column of every row bound. */
async function insertValues<Row>(
  db: Executor,
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
  suffix = '',
): Promise<void> {
  if (rows.length === 0) return;
  await db.executeQuery(CompiledQuery.raw(insertText(isPostgres(db), table, columns, rows.length, suffix), valuesOf(columns, rows)));
}

const valuesOf = <Row>(columns: readonly (keyof Row & string)[], rows: readonly Row[]) =>
  rows.flatMap((row) => columns.map((column) => row[column]));

/**
 * The newest revision's number and manifest of each of the recipes (recipes without any are absent):
 * the base the next change is compared with.
 */
export async function latestRevisions(db: Executor, recipeIds: readonly number[]): Promise<Map<number, LatestRevision>> {
  const latest = new Map<number, LatestRevision>();
  for (let i = 0; i < recipeIds.length; i += PART_BATCH) {
    const batch = recipeIds.slice(i, i + PART_BATCH);
    // Written as SQL: building this query with Kysely cost more than running it, on every write.
    // PostgreSQL: one backward step on recipe_revisions_number per recipe, whatever its statistics
    // say. The correlated max() SQLite plans on that index had PostgreSQL scan every revision of the
    // table, each write slower than the last (3.8 -> 6.6 ms over 600 writes; BENCHMARKS.md).
    const query = isPostgres(db)
      ? sql<LatestRevision>`select x.recipe_id, r.number, r.manifest from unnest(${batch}::int4[]) as x(recipe_id)
        cross join lateral (select n.number, n.manifest from recipe_revisions n where n.recipe_id = x.recipe_id
          order by n.number desc limit 1) r`
      : sql<LatestRevision>`select r.recipe_id, r.number, r.manifest from recipe_revisions r
        where r.recipe_id in (${sql.join(batch)})
        and r.number = (select max(n.number) from recipe_revisions n where n.recipe_id = r.recipe_id)`;
    for (const row of (await query.execute(db)).rows) latest.set(row.recipe_id, row);
  }
  return latest;
}

export interface LatestRevision {
  recipe_id: number;
  number: number;
  manifest: string;
}

/** The revision in force at `at` (ISO seconds): the newest created at or before it, of the account's recipe. */
export async function revisionAt(
  db: Executor,
  accountId: number,
  recipeId: number,
  at: string,
): Promise<(RevisionRow & { manifest: string }) | undefined> {
  // Ordered as the index recipe_revisions_created is: the first row is the answer, whatever the count.
  return db
    .selectFrom('recipe_revisions')
    .select([...REVISION_META, 'manifest'])
    .where('recipe_id', '=', recipeId)
    .where('account_id', '=', accountId)
    .where('created_at', '<=', at)
    .orderBy('created_at', 'desc')
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The account's recipe revisions of these numbers, with their manifests (numbers that do not exist are absent). */
export async function revisionsByNumber(
  db: Executor,
  accountId: number,
  recipeId: number,
  numbers: readonly number[],
): Promise<Map<number, RevisionRow & { manifest: string }>> {
  if (numbers.length === 0) return new Map();
  const rows = await db
    .selectFrom('recipe_revisions')
    .select([...REVISION_META, 'manifest'])
    .where('recipe_id', '=', recipeId)
    .where('account_id', '=', accountId)
    .where('number', 'in', [...numbers])
    .execute();
  return new Map(rows.map((row) => [row.number, row]));
}

export async function deleteRevisionsOf(db: Executor, recipeId: number): Promise<void> {
  await db.deleteFrom('recipe_revisions').where('recipe_id', '=', recipeId).execute();
  await db.deleteFrom('recipe_history_parts').where('recipe_id', '=', recipeId).execute();
}

export type NewRevision = RevisionRow & { account_id: number; manifest: string };

/**
 * A write's new parts, then its revisions (insertHistoryPartRows, insertRevisions). On PostgreSQL in
 * one statement, the parts' insert a data-modifying WITH of the revisions' (one round trip of the
 * server instead of two; SQLite has no such WITH, and runs in process).
 */
export async function insertPartsAndRevisions(
  db: Executor,
  parts: readonly HistoryPartRow[],
  revisions: readonly NewRevision[],
): Promise<void> {
  if (!isPostgres(db) || parts.length === 0 || revisions.length === 0 || parts.length > PART_BATCH || revisions.length > PART_BATCH) {
    await insertHistoryPartRows(db, parts);
    await insertRevisions(db, revisions);
    return;
  }
  const partsText = insertText(true, 'recipe_history_parts', PART_COLUMNS, parts.length, PARTS_ON_CONFLICT);
  const revisionsText = insertText(true, 'recipe_revisions', REVISION_COLUMNS, revisions.length, '', parts.length * PART_COLUMNS.length);
  const parameters = [...valuesOf(PART_COLUMNS, parts), ...valuesOf(REVISION_COLUMNS, revisions)];
  await db.executeQuery(CompiledQuery.raw(`with parts as (${partsText}) ${revisionsText}`, parameters));
}

async function insertRevisions(db: Executor, rows: readonly NewRevision[]): Promise<void> {
  for (let i = 0; i < rows.length; i += PART_BATCH)
    await insertValues(db, 'recipe_revisions', REVISION_COLUMNS, rows.slice(i, i + PART_BATCH));
}

const REVISION_COLUMNS = everyColumnOf<NewRevision>()(
  'account_id',
  'recipe_id',
  'number',
  'created_at',
  'changed_by',
  'request_id',
  'changes',
  'manifest',
);

// Rows per statement when parts are written or looked up by hash: far below both databases' limits
// on bound parameters (SQLite 32,766; PostgreSQL 65,535) with four columns a row.
const PART_BATCH = 500;

export interface HistoryPartRow {
  account_id: number;
  recipe_id: number;
  hash: string;
  body: string;
}

/** Stores parts of recipes' revisions; a part its recipe already has (same hash) is kept as it is. */
async function insertHistoryPartRows(db: Executor, rows: readonly HistoryPartRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += PART_BATCH) {
    await insertValues(db, 'recipe_history_parts', PART_COLUMNS, rows.slice(i, i + PART_BATCH), PARTS_ON_CONFLICT);
  }
}

const PART_COLUMNS = everyColumnOf<HistoryPartRow>()('account_id', 'recipe_id', 'hash', 'body');
const PARTS_ON_CONFLICT = ' on conflict (recipe_id, hash) do nothing';

/** The bodies of the recipe's parts with these hashes. */
export async function historyPartBodies(db: Executor, recipeId: number, hashes: readonly string[]): Promise<Map<string, string>> {
  const bodies = new Map<string, string>();
  const unique = [...new Set(hashes)];
  for (let i = 0; i < unique.length; i += PART_BATCH) {
    const rows = await db
      .selectFrom('recipe_history_parts')
      .select(['hash', 'body'])
      .where('recipe_id', '=', recipeId)
      .where('hash', 'in', unique.slice(i, i + PART_BATCH))
      .execute();
    for (const row of rows) bodies.set(row.hash, row.body);
  }
  return bodies;
}

/** The manifests of a recipe's remaining revisions, and the hashes of the parts it has stored. */
export async function historyPartUse(db: Executor, recipeId: number): Promise<{ manifests: string[]; hashes: string[] }> {
  const [manifests, parts] = await Promise.all([
    db.selectFrom('recipe_revisions').select('manifest').where('recipe_id', '=', recipeId).execute(),
    db.selectFrom('recipe_history_parts').select('hash').where('recipe_id', '=', recipeId).execute(),
  ]);
  return { manifests: manifests.map((r) => r.manifest), hashes: parts.map((r) => r.hash) };
}

export async function deleteHistoryParts(db: Executor, recipeId: number, hashes: readonly string[]): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < hashes.length; i += PART_BATCH) {
    const result = await db
      .deleteFrom('recipe_history_parts')
      .where('recipe_id', '=', recipeId)
      .where('hash', 'in', hashes.slice(i, i + PART_BATCH))
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows ?? 0);
  }
  return deleted;
}

/** Newest first; `after` keeps only revisions with a greater number (the causes of a diff). */
export async function listRevisions(
  db: Executor,
  accountId: number,
  recipeId: number,
  slice: { offset: number; limit: number; after?: number },
): Promise<{ items: RevisionRow[]; total: number }> {
  let base = db.selectFrom('recipe_revisions').where('recipe_id', '=', recipeId).where('account_id', '=', accountId);
  if (slice.after !== undefined) base = base.where('number', '>', slice.after);
  const [items, count] = await Promise.all([
    base.select(REVISION_META).orderBy('number', 'desc').offset(slice.offset).limit(slice.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

/**
 * Deletes revisions older than `before`, except each recipe's newest one before it: that one still
 * answers as_of at the cut-off and is what the next change is compared with.
 */
/** Recipes with a revision older than `before`: those whose revisions (and parts) a prune may remove. */
export async function recipesWithRevisionsBefore(db: Executor, before: string): Promise<number[]> {
  const rows = await db.selectFrom('recipe_revisions').select('recipe_id').distinct().where('created_at', '<', before).execute();
  return rows.map((r) => r.recipe_id);
}

export async function pruneRevisions(db: Executor, before: string): Promise<number> {
  const result = await db
    .deleteFrom('recipe_revisions as r')
    .where('r.created_at', '<', before)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('recipe_revisions as newer')
          .select('newer.id')
          .whereRef('newer.recipe_id', '=', 'r.recipe_id')
          .whereRef('newer.number', '>', 'r.number')
          .where('newer.created_at', '<', before),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

export interface AuditEventRow {
  id: number;
  account_id: number;
  created_at: string;
  key_prefix: string | null;
  request_id: string | null;
  action: string;
  resource: string;
  resource_id: number | null;
  fields: string;
}

/**
 * Audit events in multi-row inserts (an import of 10,000 rows is 10,000 events: a few dozen statements,
 * not 10,000). Statements of 512, 64, 8 or 1 rows only, so that few statement texts are ever built
 * and cached; 512 rows of 8 parameters stay far below SQLite's 32,766 bound variables.
 */
export async function insertAuditEvents(db: Executor, rows: readonly Omit<AuditEventRow, 'id'>[]): Promise<void> {
  let i = 0;
  for (const size of [512, 64, 8, 1])
    for (; rows.length - i >= size; i += size) await insertValues(db, 'audit_events', AUDIT_COLUMNS, rows.slice(i, i + size));
}

const AUDIT_COLUMNS = everyColumnOf<Omit<AuditEventRow, 'id'>>()(
  'account_id',
  'created_at',
  'key_prefix',
  'request_id',
  'action',
  'resource',
  'resource_id',
  'fields',
);

export async function listAuditEvents(
  db: Executor,
  accountId: number,
  filter: { since?: string; resource?: string; offset: number; limit: number },
): Promise<{ items: AuditEventRow[]; total: number }> {
  let base = db.selectFrom('audit_events').where('account_id', '=', accountId);
  if (filter.since !== undefined) base = base.where('created_at', '>=', filter.since);
  if (filter.resource !== undefined) base = base.where('resource', '=', filter.resource);
  const [items, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: items as AuditEventRow[], total: Number(count.n) };
}

/** The display prefix of a key (who acted on the account page). */
export async function keyPrefixOf(db: Executor, keyId: number): Promise<string | null> {
  const row = await db.selectFrom('api_keys').select('prefix').where('id', '=', keyId).executeTakeFirst();
  return row?.prefix ?? null;
}

export async function pruneAuditEvents(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('audit_events').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

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

/** The account's cost entries of `ingredientIds`, all dates: a snapshot answers any cost date later. */
export async function costEntriesOf(db: Executor, accountId: number, ingredientIds: readonly number[]) {
  if (ingredientIds.length === 0) return [];
  return db
    .selectFrom('ingredient_costs')
    .select(['id', 'ingredient_id', 'effective_at', 'quantity', 'unit', 'price', 'shipping'])
    .where('account_id', '=', accountId)
    .where('ingredient_id', 'in', [...ingredientIds])
    .orderBy('id')
    .execute();
}

/**
 * The account's recipes whose tree holds any of `ingredientIds` or of the recipes `recipeIds` (as a
 * subrecipe), at any depth; `recipeIds` themselves only where one uses another.
 */
export async function recipesUsing(
  db: Executor,
  accountId: number,
  recipeIds: readonly number[],
  ingredientIds: readonly number[],
): Promise<number[]> {
  if (recipeIds.length === 0 && ingredientIds.length === 0) return [];
  const { rows } = await sql<{ id: number }>`${affectedRecipesCte(accountId, recipeIds, ingredientIds)} select id from affected`.execute(
    db,
  );
  return rows.map((r) => r.id);
}

/**
 * recipesUsing for a change to ingredients, each recipe with its latest revision (when it has one),
 * in one statement. Only for a transaction no other history writer can interleave with: SQLite's,
 * which holds the database's write lock from its BEGIN. On PostgreSQL the recipes are locked between
 * finding them and reading their revisions (services/history ingredient-change.ts).
 */
export async function recipesUsingWithLatest(
  db: Executor,
  accountId: number,
  ingredientIds: readonly number[],
): Promise<{ recipeIds: number[]; latest: Map<number, LatestRevision> }> {
  if (ingredientIds.length === 0) return { recipeIds: [], latest: new Map() };
  const { rows } = await sql<{
    id: number;
    number: number | null;
    manifest: string | null;
  }>`${affectedRecipesCte(accountId, [], ingredientIds)}
    select a.id, r.number, r.manifest from affected a left join recipe_revisions r on r.recipe_id = a.id
      and r.number = (select max(n.number) from recipe_revisions n where n.recipe_id = a.id)`.execute(db);
  const latest = new Map<number, LatestRevision>();
  for (const row of rows) {
    if (row.number !== null && row.manifest !== null) latest.set(row.id, { recipe_id: row.id, number: row.number, manifest: row.manifest });
  }
  return { recipeIds: rows.map((row) => row.id), latest };
}

// Written as SQL: Kysely's builder took three quarters of this query's time building and compiling
// it on every write (BENCHMARKS.md "history"). UNION, not UNION ALL: a recipe reached twice is climbed
// from once. One recursive query: climbing a level at a time cost two statements a level.
function affectedRecipesCte(accountId: number, recipeIds: readonly number[], ingredientIds: readonly number[]) {
  const used = [
    ...(ingredientIds.length > 0 ? [sql`ri.ingredient_id in (${sql.join([...ingredientIds])})`] : []),
    ...(recipeIds.length > 0
      ? [sql`ri.ingredient_id in (select id from ingredients where subrecipe = 1 and recipe_id in (${sql.join([...recipeIds])}))`]
      : []),
  ];
  return sql`with recursive affected(id) as (
      select ri.recipe_id from recipe_ingredients ri join recipes r on r.id = ri.recipe_id
        where r.account_id = ${accountId} and (${sql.join(used, sql` or `)})
      union
      select ri.recipe_id from affected a
        join ingredients i on i.recipe_id = a.id and i.subrecipe = 1
        join recipe_ingredients ri on ri.ingredient_id = i.id
        join recipes r on r.id = ri.recipe_id
        where r.account_id = ${accountId}
    )`;
}

/** The accounts with a recipe line on any of `ingredientIds` (public-library foods), ascending. */
export async function accountsUsingIngredients(db: Executor, ingredientIds: readonly number[]): Promise<number[]> {
  if (ingredientIds.length === 0) return [];
  const rows = await db
    .selectFrom('recipe_ingredients')
    .innerJoin('recipes', 'recipes.id', 'recipe_ingredients.recipe_id')
    .select('recipes.account_id')
    .distinct()
    .where('recipe_ingredients.ingredient_id', 'in', [...ingredientIds])
    .orderBy('recipes.account_id')
    .execute();
  return rows.map((r) => r.account_id);
}
