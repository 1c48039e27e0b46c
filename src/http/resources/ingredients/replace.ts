// POST /v1/ingredients/{id}/replace (docs/api.md#replacing-an-ingredient): request and response.
import { Type } from '@sinclair/typebox';
import { BodyId } from '../shared/common.js';
import { BUTTER_REPLACED } from './examples.js';

export const ReplaceIngredientBody = Type.Object(
  {
    replacement_id: BodyId({
      description: 'the ingredient that takes its place in every recipe of the account (yours or the public library)',
    }),
    dry_run: Type.Optional(Type.Boolean({ default: true, description: 'default true: list what would change and write nothing' })),
  },
  { examples: [{ replacement_id: 4, dry_run: true }] },
);

const ReplacedLine = Type.Object(
  {
    id: Type.Integer({ description: 'the line (recipe ingredient) id, unchanged' }),
    unit: Type.String(),
    quantity: Type.Number(),
    waste: Type.Number(),
    total_grams_before: Type.Number({ description: "gross grams on the replaced ingredient's unit" }),
    total_grams: Type.Number({ description: "gross grams on the replacement's unit" }),
  },
  { additionalProperties: false },
);

export const ReplaceIngredientEnvelope = Type.Object(
  {
    ingredient_replacement: Type.Object(
      {
        dry_run: Type.Boolean(),
        ingredient_id: Type.Integer(),
        replacement_id: Type.Integer(),
        recipes: Type.Array(
          Type.Object(
            { id: Type.Integer(), name: Type.String(), lines: Type.Array(ReplacedLine) },
            { additionalProperties: false, description: 'each recipe changed (or that would change), with its lines' },
          ),
        ),
      },
      { additionalProperties: false },
    ),
  },
  {
    additionalProperties: false,
    description: 'The recipes whose lines were moved to the replacement (on a dry run, would be), with each line before and after',
    examples: [BUTTER_REPLACED],
  },
);
