// Testland: a made-up market that lives in this folder only, to show (and test) that a market is one
// folder and one registration (docs/markets.md). One language, en-XT (English, in a private-use region
// of BCP 47), and one format, xt_panel. A test registers it with registerMarket.
import type { LabelMarket } from '../../../src/core/label/market.js';
import { buildTestlandLabel } from './build.js';
import { layoutTestlandPanel } from './draw.js';

export const TESTLAND_MARKET: LabelMarket = {
  key: 'xt',
  name: 'Testland',
  law: 'Testland Food Label Rule 1',
  languages: [{ code: 'en-XT', statementHeading: 'Contents: ' }],
  formats: [{ key: 'xt_panel', layout: layoutTestlandPanel }],
  build: buildTestlandLabel,
};
