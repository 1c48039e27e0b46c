// The United States: 21 CFR 101.9, English (docs/labeling.md#united-states).
import type { LabelMarket } from '../market.js';
import { FDA_FORMATS } from '../shared/model.js';
import { buildFdaLabel } from './build.js';

export const US_MARKET: LabelMarket = {
  key: 'us',
  law: '21 CFR 101.9',
  languages: ['en-US'],
  formats: FDA_FORMATS,
  defaultFormat: 'fda_vertical',
  statementHeading: () => 'Ingredients: ',
  incompleteBand: () => ['INCOMPLETE DATA - NOT FOR PRINT'],
  build: (input, _language, format) => buildFdaLabel(input, format),
};
