// Approved labels (docs/api.md#history): the approval, its frozen files, and what prints differently since.
import { Type } from '@sinclair/typebox';
import { ErrorBody, Nullable } from '../shared/common.js';
import { LabelEnvelope } from '../labels/schemas.js';
import { Revision } from '../revisions/schemas.js';

import { APPROVAL, APPROVAL_DIFF } from './examples.js';

// Plain strings (the service checks them: a bad value is a 422 naming the field; in GET .../label's query the same mistake is a 400).
export const ApprovalBody = Type.Object(
  {
    language: Type.Optional(
      Type.String({ maxLength: 64, description: 'a label language, as GET /v1/recipes/{id}/label takes it (default as for the label)' }),
    ),
    format: Type.Optional(
      Type.String({ maxLength: 64, description: 'a label format, as GET /v1/recipes/{id}/label takes it (default as for the label)' }),
    ),
    note: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    accept_incomplete: Type.Optional(
      Type.Boolean({ description: 'approve a label that is not complete (docs/api.md#trust-and-completeness)' }),
    ),
  },
  { examples: [{ format: 'fda_vertical', note: 'Checked against the printed proof' }] },
);

export const Approval = Type.Object({
  id: Type.Integer(),
  recipe_id: Type.Integer(),
  revision: Type.Integer({ description: 'the recipe revision the label was built from' }),
  language: Type.String(),
  format: Type.String(),
  approved_at: Type.String(),
  approved_by: Nullable(Type.String()),
  note: Nullable(Type.String()),
  sha256: Type.String({ description: 'SHA-256 (hex) of the canonical label JSON: keys sorted, no whitespace' }),
  rules_version: Type.String(),
  label: LabelEnvelope.properties.label,
});

export const ApprovalEnvelope = Type.Object(
  { label_approval: Approval },
  { description: 'The approved label', examples: [{ label_approval: APPROVAL }] },
);
export const ApprovalList = Type.Array(ApprovalEnvelope, {
  description: "A page of the recipe's approved labels, newest first",
  examples: [[{ label_approval: APPROVAL }]],
});

/** GET /v1/label_approvals/{id}/front_of_pack.{svg,png,pdf}: the symbol frozen at approval. */
export const FrozenSymbolFile = Type.String({
  description: 'the "High in" symbol as drawn at approval: image/svg+xml, image/png or application/pdf, the same bytes forever',
  examples: [
    '<svg xmlns="http://www.w3.org/2000/svg" width="..." height="..." ... role="img" aria-label="High in / Élevé en: Sugars / Sucres">...</svg>',
  ],
});

const Printed = Nullable(Type.Object({ display: Type.String(), percent_dv_display: Nullable(Type.String()) }));

export const DiffEnvelope = Type.Object(
  {
    diff: Type.Object({
      changed: Type.Boolean(),
      rows: Type.Array(Type.Object({ key: Type.String(), approved: Printed, current: Printed })),
      statements: Type.Record(Type.String(), Type.Object({ approved: Type.Unknown(), current: Type.Unknown() })),
      causes: Type.Array(Revision),
    }),
  },
  { description: 'What prints differently now, and the revisions since the approval', examples: [{ diff: APPROVAL_DIFF }] },
);

/** PUT and DELETE of an approval (docs/api.md#history: approvals are permanent): the docs/api.md#errors error shape, inline so that its own example shows. */
export const MethodNotAllowed = Type.Object(ErrorBody.properties, {
  description: 'MethodNotAllowed: approvals cannot be changed or deleted; the `Allow: GET` header says what can be done.',
  headers: { Allow: { type: 'string', description: 'GET' } },
  examples: [
    {
      error: 'MethodNotAllowed',
      message: 'Label approvals are permanent: they cannot be changed or deleted (docs/api.md#history).',
      request_id: '86993e84-5779-454e-ac6e-c4c47b19a885',
    },
  ],
});
