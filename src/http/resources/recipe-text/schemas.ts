// POST /v1/recipe_text/parse and POST /v1/recipes/from_text (docs/api.md#recipe-text): requests and responses.
import { Type } from '@sinclair/typebox';
import { CANONICAL_UNITS, type CanonicalUnit } from '../../../core/recipe-text/units.js';
import { MAX_CHARACTERS, MAX_LINES, RECIPE_LANGUAGES } from '../../../services/recipe-text/index.js';
import { RecipeJson } from '../recipes/schemas.js';
import { Nullable } from '../shared/common.js';
import { FROM_TEXT_REQUEST, FROM_TEXT_RESULT, PARSE_REQUEST, PARSE_RESULT } from './examples.js';

const textFields = {
  text: Type.Optional(
    Type.String({
      description: `the recipe, one ingredient a line (blank lines are skipped; lines are numbered as the text numbers them); at most ${MAX_LINES} lines and ${MAX_CHARACTERS.toLocaleString('en-US')} characters`,
    }),
  ),
  lines: Type.Optional(
    Type.Array(Type.String(), {
      description: `instead of text: the lines as a list, at most ${MAX_LINES} (numbered from 1 in list order)`,
    }),
  ),
  language: Type.Optional(
    Type.String({
      description: `how the recipe is written: ${RECIPE_LANGUAGES.join(', ')} (default en). en-GB, en-IE, en-AU and en-NZ read "plain flour" as all-purpose and the imperial pint or the metric cup and Australian tablespoon`,
    }),
  ),
};

export const ParseBody = Type.Object(textFields, {
  description: 'A recipe as text. JSON, or form fields (text=..., lines[]=...).',
  examples: [PARSE_REQUEST],
});

const Warning = Type.Object(
  {
    code: Type.String({
      description:
        'range_midpoint, assumed_size, volume_by_density, measure_size, assumed_measure, excluded_no_quantity, optional_ingredient, ambiguous_match, no_match, no_measure',
    }),
    message: Type.String(),
  },
  { additionalProperties: false },
);

const LineFood = Type.Object(
  {
    ingredient_id: Type.Integer(),
    name: Type.String(),
    source: Nullable(Type.String({ description: 'usda-sr28:<NDB_No>, usda-fdc:<fdc_id>, or null for your own' })),
    unit: Nullable(
      Type.String({ description: "the ingredient's unit key used (a key of its units_and_grams); null when it cannot weigh the line" }),
    ),
    quantity: Nullable(Type.Number({ description: 'how many of that unit' })),
    grams: Nullable(Type.Number()),
    grams_from: Nullable(
      Type.Union([Type.Literal('mass'), Type.Literal('unit'), Type.Literal('volume'), Type.Literal('count')], {
        description:
          "mass: a mass on the line; unit: the food's own measure of that unit; volume: its density from another volume; count: its piece",
      }),
    ),
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
  },
  { additionalProperties: false },
);

export const ParsedLine = Type.Object(
  {
    line: Type.Integer({ description: 'the line number in the text (1-based)' }),
    input: Type.String(),
    quantity: Nullable(Type.Number({ description: 'the lower end of a range; "plus" parts added in' })),
    quantity_max: Nullable(Type.Number({ description: 'the upper end of a range' })),
    unit: Nullable(
      Type.Unsafe<CanonicalUnit>(Type.String({ enum: [...CANONICAL_UNITS], description: 'canonical unit; null for a count ("2 eggs")' })),
    ),
    size: Nullable(Type.Union([Type.Literal('small'), Type.Literal('medium'), Type.Literal('large'), Type.Literal('extra large')])),
    name: Nullable(Type.String({ description: "the food's words (a section's title for a header)" })),
    comment: Nullable(Type.String({ description: 'preparation and notes' })),
    status: Type.Union(
      [Type.Literal('matched'), Type.Literal('ambiguous'), Type.Literal('unmatched'), Type.Literal('no_quantity'), Type.Literal('section')],
      { description: 'unmatched lines must be chosen or skipped to create a recipe' },
    ),
    match: Nullable(LineFood),
    alternatives: Type.Array(LineFood, { maxItems: 4 }),
    warnings: Type.Array(Warning),
  },
  { additionalProperties: false },
);

const Section = Type.Object(
  { title: Type.String(), first_line: Type.Integer({ description: "the line of the section's header" }) },
  { additionalProperties: false },
);

const parseMembers = {
  lines: Type.Array(ParsedLine),
  sections: Type.Array(Section),
  total_grams: Type.Number({ description: 'grams of the matched and ambiguous lines' }),
  unresolved: Type.Integer({ description: 'unmatched lines' }),
};

export const ParseResult = Type.Object(parseMembers, {
  additionalProperties: false,
  description: 'Each line read and matched; nothing is written.',
  examples: [PARSE_RESULT],
});

export const FromTextBody = Type.Object(
  {
    recipe: Type.Optional(
      Type.Object(
        {},
        {
          additionalProperties: true,
          description: 'the recipe fields of POST /v1/recipes (name required); errors are keyed recipe.<field>',
        },
      ),
    ),
    ...textFields,
    choices: Type.Optional(
      Type.Unknown({
        description:
          "list of {line, ingredient_id, unit?, quantity?, grams?}: the ingredient of a line (yours or the library's); with grams, or unit (one of its unit keys) and quantity, the amount too; else the line's amount weighed by that ingredient",
      }),
    ),
    skip: Type.Optional(Type.Unknown({ description: 'line numbers to leave out (a list, or a comma string "5,7")' })),
    dry_run: Type.Optional(Type.Unknown({ description: 'true: answer 200 with what would be made, and write nothing (default false)' })),
    sections_as_subrecipes: Type.Optional(
      Type.Unknown({
        description: 'true: each section of the text becomes a recipe of its own, used in the recipe as a subrecipe (default false)',
      }),
    ),
  },
  { description: 'A recipe and its lines from a text, all or nothing.', examples: [FROM_TEXT_REQUEST] },
);

/** A would-be recipe of a dry run has no id, embed token or label link yet. */
const MadeRecipe = Type.Composite(
  [
    Type.Omit(RecipeJson, ['id', 'embed_token', 'primary_label']),
    Type.Object({ id: Nullable(Type.Integer()), embed_token: Nullable(Type.String()), primary_label: Nullable(Type.String()) }),
  ],
  { additionalProperties: true },
);

export const FromTextResult = Type.Object(
  {
    dry_run: Type.Boolean(),
    recipe: MadeRecipe,
    subrecipes: Type.Array(MadeRecipe, { description: 'the recipes made of sections (sections_as_subrecipes)' }),
    lines: Type.Array(ParsedLine),
    sections: Type.Array(Section),
  },
  { additionalProperties: false, examples: [FROM_TEXT_RESULT] },
);

/** 422 UnresolvedLines: the error, and the parse with each line's alternatives. */
export const UnresolvedLines = Type.Object(
  {
    error: Type.Literal('UnresolvedLines'),
    message: Type.String(),
    errors: Type.Record(Type.String(), Type.Array(Type.String())),
    ...parseMembers,
    request_id: Type.String(),
  },
  { additionalProperties: false },
);
