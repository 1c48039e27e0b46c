// Canada: FDR B.01.401-B.01.402, English, French, or one bilingual table (docs/labeling.md#canada), and the
// front-of-package "High in" symbol (FDR B.01.350-B.01.357).
import type { LabelMarket } from '../market.js';
import { buildCanadaLabel } from './build.js';
import { layoutCanadian } from './draw-table.js';
import { HIGH_IN_SYMBOL } from './symbol.js';

export const CANADA_MARKET: LabelMarket = {
  key: 'ca',
  name: 'Canada',
  law: 'FDR B.01.401',
  languages: [
    // FDR B.01.008.3: the sugars-based ingredients grouped after "Sugars" / "Sucres". French puts a space before the colon.
    { code: 'en-CA', statementHeading: 'Ingredients: ', statementRules: { sugarsGroup: 'Sugars' } },
    { code: 'fr-CA', statementHeading: 'Ingrédients : ', statementRules: { sugarsGroup: 'Sucres' } },
  ],
  formats: [
    { key: 'ca_standard', layout: layoutCanadian },
    { key: 'ca_bilingual', layout: layoutCanadian, languages: ['en-CA', 'fr-CA'] },
  ],
  build: buildCanadaLabel,
  completeness: {
    // FDR B.01.012(2): the label carries both official languages, and English words in the French
    // statement are not French, whatever label_settings.accept_missing says (it names nutrients, not
    // words): a missing_translation warning keeps a Canadian label from print, and from approval.
    blocks: (warning) => warning.code === 'missing_translation',
    unapprovable: {
      applies: (warning) => warning.code === 'missing_translation',
      message:
        'The French statement falls back to English: set the French names (name_fr) or a custom ingredient_list_fr before approving (docs/api.md#trust-and-completeness).',
    },
  },
  frontOfPack: HIGH_IN_SYMBOL,
};
