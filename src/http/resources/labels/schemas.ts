// Label routes (docs/api.md#labels, docs/api.md#label-data). Query members are plain strings: the services check them, with
// their own messages; a bad language, format, zoom or page_size is a mistake in the query, 400 naming the field (docs/api.md#errors).
import { Type } from '@sinclair/typebox';
import { PAGE_SIZES } from '../../../services/labels/index.js';
import { Choice, MarketChoice } from '../shared/choice.js';
import { Nullable } from '../shared/common.js';
import { COOKIE_LABEL, RENDER_READY, RENDER_WAITING, SAVED_LABEL } from './examples.js';

const Str = (description: string, example: string) => Type.Optional(Type.String({ maxLength: 64, description, examples: [example] }));

export const LabelQuery = Type.Object({
  language: MarketChoice(
    'label_languages',
    "the label's language (default: the language of `format`, else the recipe's label_settings.language, else en-US)",
    'en-US',
  ),
  format: MarketChoice(
    'label_formats',
    "the label's format (default: the language's first); each market's formats and languages",
    'fda_vertical',
  ),
  as_of: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'the label as the recipe stood at this moment (docs/api.md#history)',
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
  result_format: MarketChoice(
    'label_formats',
    'compute claims and statements for this format, in the languages it belongs to',
    'fda_vertical',
  ),
});

export const DownloadQuery = Type.Object({
  expires: Str('Unix seconds', '1795003800'),
  signature: Str('HMAC signature', 'e-vxyrLKYd6ZKFctalC3tXfCWzVCUo8CkcrJa_75oPw'),
});

export const TokenParams = Type.Object({ token: Type.String({ maxLength: 200, examples: ['fOP1_QtSW4bnjL_MSi2wLGOD'] }) });

/** docs/api.md#trust-and-completeness. */
export const Warning = Type.Object({
  code: Type.String({
    description:
      'missing_nutrient, format_not_allowed, missing_translation, inferred_allergens, generated_statement_name, reference_amount_missing; US and Canadian labels also serving_size_not_permitted (the serving is not one the reference amount gives: not for print until label_settings.accept_serving_size); EU/UK labels also not_significant; EU/UK, Australian/New Zealand and Mexican labels missing_density, polyol_factor_unconfirmed (a polyol energy factor not confirmed from the regulation), polyol_unnamed (polyols given only as sugar_alcohol, counted at the highest factor); EU/UK and Australian/New Zealand labels statement_wording_unconfirmed (a mandatory statement in a wording not confirmed from the regulation: check before print). docs/api.md#completeness',
  }),
  message: Type.String(),
  nutrient: Type.Optional(Type.String()),
  ingredient_ids: Type.Optional(Type.Array(Type.Integer())),
  accepted: Type.Boolean(),
});

/** EU/UK labels (docs/api.md#market-eu-uk): one column of a row. */
const EuColumn = Type.Object(
  {
    amount: Type.Number({ description: 'declared amount (energy: kcal); for "<x" forms the unrounded amount to 2 decimals' }),
    display: Type.String({ description: 'as printed: "20 g", "<0,5 g", "1794 kJ / 428 kcal"' }),
    percent_ri: Nullable(Type.Number({ description: '%RI (Annex XIII Part B) or %NRV (Part A); null without a reference intake' })),
    percent_ri_display: Nullable(Type.String({ description: '"9%", "<1%"' })),
    kj: Type.Optional(Type.Number({ description: 'energy row: the kJ sum of Annex XIV, rounded' })),
    kcal: Type.Optional(Type.Number({ description: 'energy row: the kcal sum of Annex XIV, rounded' })),
  },
  { additionalProperties: false },
);

/** Australia/New Zealand labels (docs/api.md#market-anz): one column of a panel row. */
const AnzColumn = Type.Object(
  {
    amount: Nullable(Type.Number({ description: 'declared amount, 3 significant figures (energy: kJ); null when unknown' })),
    display: Type.String({ description: 'as printed: "668 kJ (160 Cal)", "2.98 g", "75.3 mg", "unknown"' }),
    percent_di: Nullable(Type.Number({ description: '%DI (FSANZ 1.2.8—8), per serving only' })),
    percent_di_display: Nullable(Type.String({ description: '"8%", "<1%"' })),
    kj: Type.Optional(Nullable(Type.Number({ description: 'energy row: kJ (Schedule 11)' }))),
    cal: Type.Optional(Nullable(Type.Number({ description: 'energy row: Calories = kJ / 4.18, when show_calories' }))),
  },
  { additionalProperties: false },
);

/** Mexican labels (docs/api.md#market-mexico): one column of a declaration row. */
const MxColumn = Type.Object(
  {
    amount: Nullable(Type.Number({ description: 'declared amount (energy: kcal); null when unknown' })),
    display: Type.String({ description: 'as printed: "480 kcal (2008 kJ)", "12.0 g", "400 mg", "desconocido"' }),
    kcal: Type.Optional(Nullable(Type.Number())),
    kj: Type.Optional(Nullable(Type.Number())),
  },
  { additionalProperties: false },
);

const Row = Type.Object(
  {
    key: Type.String(),
    name: Type.String(),
    amount: Nullable(Type.Number()),
    unit: Type.String(),
    display: Type.String(),
    percent_dv: Nullable(Type.Number()),
    percent_dv_display: Nullable(Type.String()),
    indent: Type.Optional(Type.Integer({ minimum: 0, maximum: 2, description: '1 for "of which" rows' })),
    per_100: Type.Optional(Type.Union([EuColumn, AnzColumn, MxColumn])),
    per_portion: Type.Optional(Nullable(Type.Union([EuColumn, MxColumn]))),
    per_serving: Type.Optional(AnzColumn),
  },
  { additionalProperties: true },
);

/** docs/api.md#label-data (documented members; the model carries a few more, e.g. layout hints and notes). */
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
          description: 'false while a missing_nutrient or format_not_allowed warning is not accepted (docs/api.md#trust-and-completeness)',
        }),
        warnings: Type.Array(Warning),
        basis: Type.Optional(Type.Union([Type.Literal('100g'), Type.Literal('100mL')], { description: 'EU/UK: Art. 32(2) basis' })),
        portion: Type.Optional(Nullable(Type.Object({ grams: Type.Number(), display: Type.String() }))),
        portions_per_pack: Type.Optional(Nullable(Type.Number())),
        ri_statement: Type.Optional(Nullable(Type.String({ description: 'EU/UK: Art. 32(5) statement in the label language' }))),
        column_headers: Type.Optional(
          Type.Object({ per_100: Type.String(), per_portion: Nullable(Type.String()), percent_ri: Type.String() }),
        ),
        column_titles: Type.Optional(
          // Two strings, not a Type.Tuple: TypeBox writes a tuple as draft-07 `items: [...]`, which is
          // no valid schema in OpenAPI 3.1 (JSON Schema 2020-12 says `prefixItems`).
          Type.Array(Type.String(), {
            minItems: 2,
            maxItems: 2,
            description: 'Australia/New Zealand, Mexico: the per serving (portion) and per 100 g/mL column titles',
          }),
        ),
        percent_di_header: Type.Optional(Nullable(Type.String({ description: 'Australia/New Zealand: the %DI column head' }))),
        allergen_statement_runs: Type.Optional(
          Type.Array(Type.Object({ text: Type.String(), emphasis: Type.Boolean() }), {
            description: 'Australia/New Zealand: the "Contains: ..." summary in runs, the PEAL names in bold (FSANZ 1.2.3—4)',
          }),
        ),
        front_of_pack: Type.Optional(
          Type.Object({}, { additionalProperties: true, description: 'Canadian tables: the "High in" symbol; es-MX: the octagons' }),
        ),
        mandatory_statements: Type.Optional(
          Type.Array(
            Type.Object(
              {
                code: Type.Union(
                  [
                    Type.Literal('with_sweeteners'),
                    Type.Literal('with_sugars_and_sweeteners'),
                    Type.Literal('phenylalanine'),
                    Type.Literal('laxative'),
                  ],
                  { description: 'which statement' },
                ),
                text: Type.String({ description: "as printed, in the label's language" }),
                rule: Type.String({ description: 'the paragraph that requires it' }),
                confirmed: Type.Boolean({
                  description:
                    "false: the wording was not read in the regulation's own text (the label warns statement_wording_unconfirmed)",
                }),
              },
              { additionalProperties: false },
            ),
            {
              description:
                'EU/UK and Australia/New Zealand: the statements printed in bold under the ingredients for sweeteners and polyols (Regulation (EU) 1169/2011 Annex III point 2; FSANZ Standard 1.2.3); an empty list when none applies. docs/api.md#mandatory-statements',
              examples: [
                [
                  {
                    code: 'with_sweeteners',
                    text: 'with sweetener(s)',
                    rule: 'Regulation (EU) 1169/2011 Annex III point 2.1',
                    confirmed: false,
                  },
                  {
                    code: 'laxative',
                    text: 'excessive consumption may produce laxative effects',
                    rule: 'Regulation (EU) 1169/2011 Annex III point 2.4',
                    confirmed: false,
                  },
                ],
              ],
            },
          ),
        ),
        ingredient_statement_runs: Type.Optional(
          Type.Array(Type.Object({ text: Type.String(), emphasis: Type.Boolean() }), {
            description:
              'EU/UK and Australia/New Zealand: the ingredient statement after its heading in runs, the allergens emphasised (EU Art. 21(1)(b); FSANZ 1.2.3—4)',
          }),
        ),
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
      complete: Type.Optional(Type.Boolean({ description: 'the rendered label is complete (docs/api.md#trust-and-completeness)' })),
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
