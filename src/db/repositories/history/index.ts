// The history tables (docs/api.md#history): the only place that knows their SQL, one file per kind of
// record. Nothing here is read by a request for the present.
export {
  type ApprovalFile,
  type ApprovalRow,
  findOwnApproval,
  findOwnApprovalFile,
  findOwnApprovalSymbolFile,
  insertApproval,
  insertApprovalSymbol,
  listApprovals,
} from './approvals.js';
export { type AuditEventRow, insertAuditEvents, keyPrefixOf, listAuditEvents, pruneAuditEvents } from './audit.js';
export { costEntriesOf } from './cost-entries.js';
export { accountsUsingIngredients, recipesUsing, recipesUsingWithLatest } from './graph.js';
export { deleteHistoryParts, type HistoryPartRow, historyPartBodies, historyPartUse } from './parts.js';
export {
  deleteRevisionsOf,
  insertPartsAndRevisions,
  type LatestRevision,
  latestRevisions,
  listRevisions,
  type NewRevision,
  pruneRevisions,
  type RevisionRow,
  recipesWithRevisionsBefore,
  revisionAt,
  revisionsByNumber,
} from './revisions.js';
