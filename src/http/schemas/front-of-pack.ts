// Front-of-package nutrition symbol routes (docs/api.md §8). Query members are plain strings: the
// service checks them, so a bad language or orientation is a 422 naming the field (not a 400).
import { Type } from '@sinclair/typebox';
import { PAGE_SIZES } from '../../services/labels/index.js';
import { SYMBOL_LANGUAGES, SYMBOL_ORIENTATIONS } from '../../services/labels/index.js';
import { Choice } from './choice.js';
import { Nullable } from './common.js';
import { LabelFile, type FileFormat } from './label.js';
import { FRONT_OF_PACK } from './examples/label.js';

const Str = (description: string, example: string) => Type.Optional(Type.String({ maxLength: 64, description, examples: [example] }));

export const SymbolQuery = Type.Object({
  language: Choice(SYMBOL_LANGUAGES, 'en-CA, fr-CA or bilingual (default bilingual): the Canadian symbol; es-MX: the Mexican warnings'),
  orientation: Choice(SYMBOL_ORIENTATIONS, 'Canadian symbol: horizontal (default) or vertical'),
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

/** Mexico (docs/api.md §11): the octagons and legends, NOM-051 4.5.3 and 7.1.3-7.1.4. */
const MexicanFrontOfPack = Type.Object({
  seals: Type.Array(Type.String(), { description: '"EXCESO CALORÍAS", "EXCESO AZÚCARES", ... in the order of 4.5.3.4' }),
  legends: Type.Array(Type.String(), {
    description: '"CONTIENE EDULCORANTES - NO RECOMENDABLE EN NIÑOS", "CONTIENE CAFEÍNA - EVITAR EN NIÑOS"',
  }),
  phase: Type.Integer({ minimum: 1, maximum: 3, description: 'the phase of the warning system the thresholds are from' }),
  undetermined: Type.Array(Type.String(), { description: 'seals that rest on unknown values: not decided' }),
});

/** The front_of_pack member of the Canadian label data (docs/api.md §6.1), or of the Mexican one (§11). */
export const FrontOfPackEnvelope = Type.Object(
  { front_of_pack: Type.Union([CanadianFrontOfPack, MexicanFrontOfPack]) },
  {
    description: 'Whether the symbol is required, for which nutrients, or the exemption; with language=es-MX, the octagons and legends',
    examples: [{ front_of_pack: FRONT_OF_PACK }],
  },
);
/** The symbol as a file (`produces` of its route). */
export const SymbolFile = (format: FileFormat) =>
  LabelFile(
    format,
    '<svg xmlns="http://www.w3.org/2000/svg" width="…" height="…" viewBox="…" font-family="Arimo" fill="#000" role="img" aria-label="High in: Sat fat"><title>High in: Sat fat</title>…</svg>',
  );
