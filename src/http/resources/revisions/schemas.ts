// A recipe's revisions, a comparison of two, and ?as_of= reads (docs/api.md#history).
import { Type } from '@sinclair/typebox';
import { ListQuery } from '../../pagination.js';
import { MarketChoice } from '../shared/choice.js';
import { Nullable } from '../shared/common.js';

import { REVISIONS, SWAP_DIFF } from './examples.js';

/** ?as_of= on the recipe, its lines, its label and label files; checked by the service (400 naming as_of: docs/api.md#errors). */
export const AsOfQuery = {
  as_of: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'answer as the data stood at this moment (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ; docs/api.md#history)',
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
  ingredient_name: Type.Optional(Type.String({ description: 'the name of the ingredient ingredient_id names' })),
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

// Plain strings, checked by the route: a bad value is a 400 naming the parameter (docs/api.md#errors).
export const RevisionDiffQuery = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 20, description: 'the earlier revision number (required)', examples: ['7'] })),
  to: Type.Optional(
    Type.String({
      maxLength: 20,
      description: 'the later revision number (required; may be lower than from: the diff runs backwards)',
      examples: ['8'],
    }),
  ),
  language: MarketChoice('label_languages', "label language to compare in (default: the to revision's setting)", 'en-US'),
  format: MarketChoice('label_formats', "label format to compare in (default: the to revision's setting)", 'fda_vertical'),
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
