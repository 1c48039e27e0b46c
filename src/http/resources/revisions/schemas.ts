// History routes (docs/api.md §9): revisions, approved labels, the audit trail.
import { Type } from '@sinclair/typebox';
import { LABEL_FORMATS, LABEL_LANGUAGES } from '../../../core/label/shared/model.js';
import { ListQuery } from '../../pagination.js';
import { Choice } from '../shared/choice.js';
import { ErrorBody, Nullable } from '../shared/common.js';
import { LabelEnvelope } from '../labels/schemas.js';

import { APPROVAL, APPROVAL_DIFF, AUDIT_EVENTS, REVISIONS, SWAP_DIFF } from './examples.js';

/** ?as_of= on the recipe, its lines, its label and label files; checked by the service (422 naming as_of). */
export const AsOfQuery = {
  as_of: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'answer as the data stood at this moment (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ; docs/api.md §9)',
      examples: ['2026-11-18T12:00:00Z'],
    }),
  ),
};

export const RevisionsQuery = Type.Object({ ...ListQuery });

const Change = Type.Object({
  field: Type.String({ description: 'the field, a nutrient key, or line / cost for one added or removed' }),
  old: Type.Unknown(),
  new: Type.Unknown(),
  recipe_id: Type.Optional(Type.Integer({ description: "a subrecipe's recipe, when the change is beneath this one" })),
  line_id: Type.Optional(Type.Integer()),
  ingredient_id: Type.Optional(Type.Integer()),
  cost_id: Type.Optional(Type.Integer()),
  basis: Type.Optional(Type.Literal('per 100 g', { description: 'ingredient nutrients are compared per 100 g' })),
});

export const Revision = Type.Object({
  number: Type.Integer(),
  created_at: Type.String(),
  changed_by: Nullable(Type.String({ description: 'the prefix of the API key that made the change' })),
  request_id: Nullable(Type.String()),
  changes: Type.Array(Change),
});

export const RevisionList = Type.Array(Type.Object({ revision: Revision }), {
  description: "A page of the recipe's revisions, newest first",
  examples: [REVISIONS],
});

// Plain strings, checked by the route: a bad value is a 422 naming the parameter (docs/api.md §9).
export const RevisionDiffQuery = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 20, description: 'the earlier revision number (required)', examples: ['7'] })),
  to: Type.Optional(
    Type.String({
      maxLength: 20,
      description: 'the later revision number (required; may be lower than from: the diff runs backwards)',
      examples: ['8'],
    }),
  ),
  language: Choice(LABEL_LANGUAGES, `label language to compare in: ${LABEL_LANGUAGES.join(', ')} (default: the to revision's setting)`),
  format: Choice(LABEL_FORMATS, "label format to compare in (default: the to revision's setting)"),
});

const PrintedRow = Nullable(Type.Object({ display: Type.String(), percent_dv_display: Nullable(Type.String()) }));
const RevisionMeta = Type.Omit(Revision, ['changes']);

export const RevisionDiffEnvelope = Type.Object(
  {
    revision_diff: Type.Object({
      recipe_id: Type.Integer(),
      from: RevisionMeta,
      to: RevisionMeta,
      changes: Type.Array(Change, {
        description: 'every difference in the data, as revisions list theirs (fields, label_settings, lines, ingredients, costs)',
      }),
      label: Type.Object({
        language: Type.String(),
        format: Type.String(),
        changed: Type.Boolean({ description: 'whether the two labels differ at all' }),
        rows: Type.Array(Type.Object({ key: Type.String(), from: PrintedRow, to: PrintedRow }), {
          description: 'serving rows and nutrient rows that print differently',
        }),
        statements: Type.Record(Type.String(), Type.Object({ from: Type.Unknown(), to: Type.Unknown() }), {
          description: 'ingredient_statement, allergen_statement, claims: those that differ',
        }),
      }),
    }),
  },
  {
    description: "What differs between the two revisions: the recipe's data, and the labels they give",
    examples: [SWAP_DIFF],
  },
);

// Plain strings (the service checks them: a bad value is a 422 naming the field, as on GET .../label).
export const ApprovalBody = Type.Object(
  {
    language: Type.Optional(Type.String({ maxLength: 64, description: `${LABEL_LANGUAGES.join(', ')} (default as for the label)` })),
    format: Type.Optional(Type.String({ maxLength: 64, description: `${LABEL_FORMATS.join(', ')} (default as for the label)` })),
    note: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    accept_incomplete: Type.Optional(Type.Boolean({ description: 'approve a label that is not complete (docs/api.md §8)' })),
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

export const AuditQuery = Type.Object({
  ...ListQuery,
  since: Type.Optional(Type.String({ maxLength: 64, description: 'only events at or after this moment', examples: ['2026-11-01'] })),
  resource: Choice(
    ['recipe', 'recipe_ingredient', 'ingredient', 'ingredient_cost', 'label_approval', 'api_key'],
    'only events on this kind of record',
  ),
});

export const AuditEvent = Type.Object({
  id: Type.Integer(),
  created_at: Type.String(),
  key_prefix: Nullable(Type.String()),
  request_id: Nullable(Type.String()),
  action: Type.String({ description: 'create, update, delete, approve, revoke' }),
  resource: Type.String(),
  resource_id: Nullable(Type.Integer()),
  fields: Type.Array(Type.String()),
});

export const AuditList = Type.Array(Type.Object({ audit_event: AuditEvent }), {
  description: 'A page of audit events, newest first',
  examples: [AUDIT_EVENTS],
});

/** PUT and DELETE of an approval (docs/api.md §9: approvals are permanent): the §1.5 error shape, inline so that its own example shows. */
export const MethodNotAllowed = Type.Object(ErrorBody.properties, {
  description: 'MethodNotAllowed: approvals cannot be changed or deleted; the `Allow: GET` header says what can be done.',
  headers: { Allow: { type: 'string', description: 'GET' } },
  examples: [
    {
      error: 'MethodNotAllowed',
      message: 'Label approvals are permanent: they cannot be changed or deleted (docs/api.md §9).',
      request_id: '86993e84-5779-454e-ac6e-c4c47b19a885',
    },
  ],
});
