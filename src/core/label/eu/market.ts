// The European Union (Regulation (EU) 1169/2011) and the United Kingdom (its assimilated text, same
// nutrition rules): seven label languages, a table or a linear declaration (Art. 34(2)), and in en-GB
// the UK's voluntary traffic-light panel.
import type { LabelMarket } from '../market.js';
import { buildEuLabel } from './build.js';
import { layoutEuLinear, layoutEuTable } from './draw-declaration.js';
import { UK_TRAFFIC_LIGHT } from './uk/scheme.js';
import { EU_LANGUAGES, euWording } from './wording.js';

export const EU_MARKET: LabelMarket = {
  key: 'eu',
  name: 'the European Union and the United Kingdom',
  law: 'Regulation (EU) 1169/2011',
  languages: EU_LANGUAGES.map((code) => ({ code, statementHeading: euWording(code).statementHeading })),
  formats: [
    { key: 'eu_table', layout: layoutEuTable },
    { key: 'eu_linear', layout: layoutEuLinear },
  ],
  build: buildEuLabel,
  frontOfPack: UK_TRAFFIC_LIGHT,
};
