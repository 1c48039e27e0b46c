// Mexico: NOM-051-SCFI/SSA1-2010 as modified in 2020 (the declaration and the front-of-pack warning
// system), Spanish, one format (docs/labeling.md#mexico).
import type { LabelMarket } from '../market.js';
import { liquidPer100g } from '../shared/market-warnings.js';
import { buildMxLabel } from './build.js';
import { layoutMxTable } from './draw-declaration.js';
import { MX_WARNINGS } from './warnings-scheme.js';

export const MX_MARKET: LabelMarket = {
  key: 'mx',
  name: 'Mexico',
  law: 'NOM-051-SCFI/SSA1-2010',
  languages: [{ code: 'es-MX', statementHeading: 'Ingredientes: ' }],
  formats: [{ key: 'mx_table', layout: layoutMxTable }],
  build: buildMxLabel,
  // NOM-051 4.5.2: a liquid is declared per 100 mL.
  completeness: { blocks: liquidPer100g },
  frontOfPack: MX_WARNINGS,
};
