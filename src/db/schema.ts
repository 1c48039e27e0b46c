// The database as Kysely sees it: the union of every feature's tables (one file per feature in tables/).
import type { Kysely, Transaction } from 'kysely';
import type { CoreTables } from './tables/core.js';
import type { RecipeTables } from './tables/recipes.js';
import type { CostTables } from './tables/costs.js';
import type { LimitsTables } from './tables/limits.js';
import type { LabelRenderTables } from './tables/label-renders.js';
import type { RevisionTables } from './tables/revisions.js';
import type { LabelApprovalTables } from './tables/label-approvals.js';
import type { AuditTables } from './tables/audit.js';
import type { IdempotencyTables } from './tables/idempotency.js';
import type { SpreadsheetTables } from './tables/spreadsheets.js';

export interface Database
  extends CoreTables,
    RecipeTables,
    CostTables,
    LimitsTables,
    LabelRenderTables,
    IdempotencyTables,
    RevisionTables,
    LabelApprovalTables,
    AuditTables,
    SpreadsheetTables {}

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Kysely<Database> | Transaction<Database>;

export type Dialect = 'sqlite' | 'postgres';
