// Front-of-package nutrition symbol routes (docs/api.md#canada-front-of-pack). Query members are plain strings: the
// service checks them, with its own message; a bad language or orientation is a mistake in the query, 400 naming the field (docs/api.md#errors).
import { Type } from '@sinclair/typebox';
import { PAGE_SIZES } from '../../../services/labels/index.js';
import { Choice, MarketChoice } from '../shared/choice.js';
import { Nullable } from '../shared/common.js';
import { LabelFile, type FileFormat } from '../labels/schemas.js';
import { FRONT_OF_PACK, UK_FRONT_OF_PACK } from './examples.js';

const Str = (description: string, example: string) => Type.Optional(Type.String({ maxLength: 64, description, examples: [example] }));

export const SymbolQuery = Type.Object({
  language: MarketChoice(
    'symbol_languages',
    'en-CA, fr-CA or bilingual (default bilingual): the Canadian symbol; es-MX: the Mexican warnings; en-GB: the UK traffic-light panel',
    'bilingual',
  ),
  orientation: MarketChoice('symbol_orientations', 'Canadian symbol: horizontal (default) or vertical', 'horizontal'),
});

export const SymbolFileQuery = Type.Object({
  ...SymbolQuery.properties,
  zoom: Str('PNG only: 0.8 to 6, default 3', '3'),
  page_size: Choice(PAGE_SIZES, 'PDF only: auto (default), letter, legal, A4'),
});

const CanadianFrontOfPack = Type.Object({
  required: Type.Boolean(),
  high_in: Type.Array(Type.Union([Type.Literal('saturated_fat'), Type.Literal('sugars'), Type.Literal('sodium')])),
  exemption: Nullable(Type.String()),
});

/** Mexico (docs/api.md#market-mexico): the octagons and legends, NOM-051 4.5.3 and 7.1.3-7.1.4. */
const MexicanFrontOfPack = Type.Object({
  seals: Type.Array(Type.String(), { description: '"EXCESO CALORÍAS", "EXCESO AZÚCARES", ... in the order of 4.5.3.4' }),
  legends: Type.Array(Type.String(), {
    description: '"CONTIENE EDULCORANTES - NO RECOMENDABLE EN NIÑOS", "CONTIENE CAFEÍNA - EVITAR EN NIÑOS"',
  }),
  phase: Type.Integer({ minimum: 1, maximum: 3, description: 'the phase of the warning system the thresholds are from' }),
  undetermined: Type.Array(Type.String(), { description: 'seals that rest on unknown values: not decided' }),
});

const Amount = Nullable(Type.Object({ amount: Type.Number(), display: Type.String() }));
const Colour = Type.Union([Type.Literal('green'), Type.Literal('amber'), Type.Literal('red')]);

/** One box of the UK panel: per portion with %RI, the per-100 g band's colour (null when not coloured). */
const UkBox = Type.Object({
  key: Type.Union([
    Type.Literal('energy'),
    Type.Literal('fat'),
    Type.Literal('fat_saturated'),
    Type.Literal('sugar'),
    Type.Literal('salt'),
  ]),
  name: Type.String({ description: 'Energy, Fat, Saturates, Sugars, Salt' }),
  per_portion: { ...Amount, description: 'per portion, rounded as declared ("6.0g"); null when unknown' },
  kj: Type.Optional(Nullable(Type.Integer({ description: 'energy only: kJ per portion' }))),
  kcal: Type.Optional(Nullable(Type.Integer({ description: 'energy only: kcal per portion' }))),
  percent_ri: Nullable(Type.Integer({ description: '%RI per portion (Regulation (EU) 1169/2011 Annex XIII Part B)' })),
  percent_ri_display: Nullable(Type.String()),
  per_100: { ...Amount, description: 'per 100 g (100 mL for liquids), rounded as declared; null when unknown' },
  level: Nullable(Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')])),
  colour: Nullable(Colour),
  uncoloured: Nullable(
    Type.Union([Type.Literal('unknown'), Type.Literal('drink_bands_unconfirmed')], {
      description: 'why fat, saturates, sugars or salt has no colour: its amount is unknown, or the food is a drink',
    }),
  ),
});

/** The UK (docs/api.md#uk-front-of-pack): the voluntary traffic-light panel of the DH/FSA front-of-pack guide (2016). */
const UkFrontOfPack = Type.Object({
  scheme: Type.Literal('uk_traffic_light'),
  heading: Type.String({ description: '"Each portion (30g) contains"' }),
  portion: Type.Object({ amount: Type.Number(), unit: Type.Union([Type.Literal('g'), Type.Literal('mL')]), display: Type.String() }),
  nutrients: Type.Array(UkBox, { description: 'energy, fat, saturates, sugars, salt, in that order' }),
  ri_line: Type.String(),
  per_100_line: Type.String({ description: 'energy per 100 g as sold (Art. 33(2))' }),
  ri_statement: Type.String({ description: 'Art. 32(5)' }),
  large_portion_rule: Type.Boolean({ description: 'label_settings.uk_large_portion_rule was applied' }),
  complete: Type.Boolean({ description: 'every box known and coloured' }),
});

/** The front_of_pack member of the Canadian label data (docs/api.md#label-data), of the Mexican one or of the UK one (docs/api.md#uk-front-of-pack). */
export const FrontOfPackEnvelope = Type.Object(
  { front_of_pack: Type.Union([CanadianFrontOfPack, MexicanFrontOfPack, UkFrontOfPack]) },
  {
    description:
      'Whether the symbol is required, for which nutrients, or the exemption; with language=es-MX, the octagons and legends; with language=en-GB, the traffic-light panel',
    examples: [{ front_of_pack: FRONT_OF_PACK }, { front_of_pack: UK_FRONT_OF_PACK }],
  },
);
/** The symbol as a file (`produces` of its route). */
export const SymbolFile = (format: FileFormat) =>
  LabelFile(
    format,
    '<svg xmlns="http://www.w3.org/2000/svg" width="…" height="…" viewBox="…" font-family="Arimo" fill="#000" role="img" aria-label="High in: Sat fat"><title>High in: Sat fat</title>…</svg>',
  );
