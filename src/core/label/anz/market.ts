// Australia and New Zealand: FSANZ Standard 1.2.8 (the nutrition information panel, Schedules 11-12) and
// Standard 1.2.3 (allergens, PEAL), English, one format (docs/labeling.md#anz).
import type { LabelMarket } from '../market.js';
import { liquidPer100g } from '../shared/market-warnings.js';
import { buildAnzLabel } from './build.js';
import { layoutAnzNip } from './draw-panel.js';

export const ANZ_MARKET: LabelMarket = {
  key: 'anz',
  name: 'Australia and New Zealand',
  law: 'FSANZ Standard 1.2.8',
  languages: [
    { code: 'en-AU', statementHeading: 'Ingredients: ' },
    { code: 'en-NZ', statementHeading: 'Ingredients: ' },
  ],
  formats: [{ key: 'anz_nip', layout: layoutAnzNip }],
  build: buildAnzLabel,
  // FSANZ Standard 1.2.8—6(1): a liquid's unit quantity is 100 mL.
  completeness: { blocks: liquidPer100g },
};
