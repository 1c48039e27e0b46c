// The United States: 21 CFR 101.9, English (docs/labeling.md#united-states).
import type { LabelMarket } from '../market.js';
import { buildFdaLabel } from './build.js';
import { layoutFdaDual } from './draw-dual.js';
import { layoutFdaLinear } from './draw-linear.js';
import { layoutFdaTabular } from './draw-tabular.js';
import { layoutFdaVertical } from './draw-vertical.js';

export const US_MARKET: LabelMarket = {
  key: 'us',
  name: 'the United States',
  law: '21 CFR 101.9',
  languages: [{ code: 'en-US', statementHeading: 'Ingredients: ' }],
  formats: [
    { key: 'fda_vertical', layout: layoutFdaVertical },
    { key: 'fda_tabular', layout: layoutFdaTabular },
    { key: 'fda_linear', layout: layoutFdaLinear },
    // 101.9(f): the vertical display with fewer rows and the "Not a significant source of ..." statement.
    { key: 'fda_simplified', layout: layoutFdaVertical },
    { key: 'fda_dual_container', layout: layoutFdaDual },
  ],
  build: buildFdaLabel,
};
