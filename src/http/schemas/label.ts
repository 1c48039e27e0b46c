// Label routes (docs/api.md §6, §6.1). Query members are plain strings: the services check them, so a
// bad language, format, zoom or page_size is a 422 naming the field (not a 400).
import { Type } from '@sinclair/typebox';
import { CA_FORMATS, FDA_FORMATS, LABEL_LANGUAGES } from '../../core/label/shared/model.js';
import { PAGE_SIZES } from '../../services/labels/index.js';
import { Choice } from './choice.js';
import { Nullable } from './common.js';
import { COOKIE_LABEL, RENDER_READY, RENDER_WAITING, SAVED_LABEL } from './examples/label.js';

const LABEL_FORMATS = [...FDA_FORMATS, ...CA_FORMATS];

const Str = (description: string, example: string) => Type.Optional(Type.String({ maxLength: 64, description, examples: [example] }));

export const LabelQuery = Type.Object({
  language: Choice(
    LABEL_LANGUAGES,
    "en-US, en-CA or fr-CA (default: the language of `format`, else the recipe's label_settings.language, else en-US)",
  ),
  format: Choice(
    LABEL_FORMATS,
    'fda_vertical, fda_tabular, fda_linear, fda_simplified, fda_dual_container (en-US); ca_standard, ca_bilingual (en-CA, fr-CA)',
  ),
  as_of: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'the label as the recipe stood at this moment (docs/api.md §9)',
      examples: ['2026-11-18T12:00:00Z'],
    }),
  ),
});

export const LabelFileQuery = Type.Object({
  ...LabelQuery.properties,
  zoom: Str('PNG only: 0.8 to 6, default 3', '3'),
  page_size: Choice(PAGE_SIZES, 'PDF only: auto (default), letter, legal, A4'),
  async: Choice(['true', 'false'], 'true: render in the background and answer 202 with a label_render to poll', 'false'),
});

export const SavedLabelQuery = Type.Object({
  result_format: Choice(LABEL_FORMATS, 'compute claims and statements for this format, in the languages it belongs to'),
});

export const DownloadQuery = Type.Object({
  expires: Str('Unix seconds', '1795003800'),
  signature: Str('HMAC signature', 'e-vxyrLKYd6ZKFctalC3tXfCWzVCUo8CkcrJa_75oPw'),
});

export const TokenParams = Type.Object({ token: Type.String({ maxLength: 200, examples: ['fOP1_QtSW4bnjL_MSi2wLGOD'] }) });

/** docs/api.md §8. */
export const Warning = Type.Object({
  code: Type.String({ description: 'missing_nutrient, format_not_allowed, missing_translation or inferred_allergens' }),
  message: Type.String(),
  nutrient: Type.Optional(Type.String()),
  ingredient_ids: Type.Optional(Type.Array(Type.Integer())),
  accepted: Type.Boolean(),
});

const Row = Type.Object(
  {
    key: Type.String(),
    name: Type.String(),
    amount: Nullable(Type.Number()),
    unit: Type.String(),
    display: Type.String(),
    percent_dv: Nullable(Type.Number()),
    percent_dv_display: Nullable(Type.String()),
  },
  { additionalProperties: true },
);

/** docs/api.md §6.1 (documented members; the model carries a few more, e.g. layout hints and notes). */
export const LabelEnvelope = Type.Object(
  {
    label: Type.Object(
      {
        recipe_id: Type.Integer(),
        language: Type.String(),
        format: Type.String(),
        serving_size: Type.Object(
          { household: Nullable(Type.String()), grams: Type.Number(), display: Type.String() },
          { additionalProperties: true },
        ),
        servings_per_container: Type.Object({ value: Type.Number(), display: Type.String() }),
        nutrients: Type.Array(Row),
        footnote: Type.String(),
        claims: Type.Array(Type.String()),
        allergen_statement: Nullable(Type.String()),
        ingredient_statement: Nullable(Type.String()),
        notes: Type.Array(Type.String()),
        complete: Type.Boolean({
          description: 'false while a missing_nutrient or format_not_allowed warning is not accepted (docs/api.md §8)',
        }),
        warnings: Type.Array(Warning),
      },
      { additionalProperties: true },
    ),
  },
  { description: 'The label data (X-Label-Complete repeats `complete`)', examples: [{ label: COOKIE_LABEL }] },
);

export const LabelRenderEnvelope = Type.Object(
  {
    label_render: Type.Object({
      token: Type.String(),
      status: Type.Union([Type.Literal('waiting'), Type.Literal('processing'), Type.Literal('ready'), Type.Literal('error')]),
      format: Type.String(),
      url: Type.Optional(Type.String({ description: 'absolute, signed, valid 10 minutes, needs no key' })),
      error: Type.Optional(Type.String()),
      complete: Type.Optional(Type.Boolean({ description: 'the rendered label is complete (docs/api.md §8)' })),
    }),
  },
  { description: 'The render and its status', examples: [{ label_render: RENDER_READY }] },
);

/** The 202 of ?async=true: the render to poll at GET /v1/recipes/label_renders/{token}. */
export const LabelRenderStarted = Type.Object(LabelRenderEnvelope.properties, {
  description: 'The render started: poll its token',
  examples: [{ label_render: RENDER_WAITING }],
});

export const SavedLabelEnvelope = Type.Object(
  {
    label: Type.Object({
      token: Type.String(),
      recipe_id: Type.Integer(),
      name: Type.String(),
      label_settings: Type.Object({}, { additionalProperties: true }),
      language: Type.String(),
      format: Type.String(),
      languages: Type.Record(
        Type.String(),
        Type.Object(
          {
            format: Type.String(),
            claims: Type.Array(Type.String()),
            disclosures: Type.Array(Type.String()),
            ingredient_statement: Nullable(Type.String()),
            allergen_statement: Nullable(Type.String()),
            complete: Type.Boolean(),
            warnings: Type.Array(Warning),
          },
          { additionalProperties: true },
        ),
      ),
      notes: Type.Array(Type.String()),
      complete: Type.Boolean(),
    }),
  },
  { description: "The recipe's saved label, per language", examples: [{ label: SAVED_LABEL }] },
);

/** The first bytes of each kind of file the label routes send (the examples show how a file starts). */
const FILE_STARTS = {
  svg: '<svg xmlns="http://www.w3.org/2000/svg" width="196" height="331.87" viewBox="0 0 196 331.87" font-family="Arimo" fill="#000" role="img" aria-label="Nutrition Facts"><title>Nutrition Facts</title>…</svg>',
  png: '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR…',
  pdf: '%PDF-1.3\n%\u00ff\u00ff\u00ff\u00ff\n8 0 obj\n<<\n/Type /ExtGState…',
};
const FILE_TYPES = { svg: 'image/svg+xml', png: 'image/png', pdf: 'application/pdf' };

export type FileFormat = keyof typeof FILE_STARTS;

/** A rendered label of one format (`produces` of its route); `svgStart` for a drawing other than a Nutrition Facts table. */
export const LabelFile = (format: FileFormat, svgStart: string = FILE_STARTS.svg) =>
  Type.String({
    description: `the file (${FILE_TYPES[format]}); the example shows how it starts`,
    examples: [format === 'svg' ? svgStart : FILE_STARTS[format]],
  });

/** A rendered file whose format the request decides (a signed download). */
export const BinaryFile = Type.String({
  description: 'the file (image/svg+xml, image/png or application/pdf); the examples show how each starts',
  examples: [FILE_STARTS.svg, FILE_STARTS.png, FILE_STARTS.pdf],
});
