// Canada: FDR B.01.401-B.01.402, English, French, or one bilingual table (docs/labeling.md#canada).
import type { LabelMarket } from '../market.js';
import { CA_FORMATS } from '../shared/model.js';
import { buildCanadaLabel } from './build.js';

const EN = 'INCOMPLETE DATA - NOT FOR PRINT';
const FR = 'DONNÉES INCOMPLÈTES - NE PAS IMPRIMER';

export const CANADA_MARKET: LabelMarket = {
  key: 'ca',
  law: 'FDR B.01.401',
  languages: ['en-CA', 'fr-CA'],
  formats: CA_FORMATS,
  defaultFormat: 'ca_standard',
  // French puts a space before the colon.
  statementHeading: (language) => (language === 'fr-CA' ? 'Ingrédients : ' : 'Ingredients: '),
  incompleteBand: (language, format) => (format === 'ca_bilingual' ? [EN, FR] : language === 'fr-CA' ? [FR] : [EN]),
  build: buildCanadaLabel,
};
