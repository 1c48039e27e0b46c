// The European Union (Regulation (EU) 1169/2011) and the United Kingdom (its assimilated text, same
// nutrition rules): seven label languages, a table or a linear declaration (Art. 34(2)).
import type { LabelMarket } from '../market.js';
import { EU_FORMATS } from '../shared/model.js';
import { buildEuLabel } from './build.js';
import { EU_LANGUAGES, euWording, type EuLanguage } from './wording.js';

export const EU_MARKET: LabelMarket = {
  key: 'eu',
  law: 'Regulation (EU) 1169/2011',
  languages: EU_LANGUAGES,
  formats: EU_FORMATS,
  defaultFormat: 'eu_table',
  statementHeading: (language) => euWording(language as EuLanguage).statementHeading,
  incompleteBand: (language) => [euWording(language as EuLanguage).incompleteBand],
  build: (input, language, format) => buildEuLabel(input, language as EuLanguage, format),
};
