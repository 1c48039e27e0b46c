// Mexico's front-of-pack warning system as a scheme of the market (NOM-051-SCFI/SSA1-2010 4.5.3,
// 7.1.3-7.1.4): read from the es-MX label, drawn when a seal or a legend applies.
import type { FrontOfPackScheme } from '../market.js';
import type { LabelModel, MxFrontOfPackValue } from '../shared/model.js';
import { layoutMxWarnings, type MxWarningsDrawing, mxWarningsTitle, WARNINGS_SCHEME } from './draw-warnings.js';

function warningsOf(label: LabelModel): MxFrontOfPackValue | undefined {
  const fop = label.front_of_pack;
  return fop && 'seals' in fop ? fop : undefined;
}

/** Why no Mexican warning is drawn, said in the 422's message. */
function noWarningsMessage(fop: MxFrontOfPackValue): string {
  if (fop.undetermined.length > 0) {
    return `No front-of-pack warning can be drawn yet: whether ${fop.undetermined.join(', ')} apply (NOM-051 4.5.3, phase ${fop.phase}) cannot be decided on the known values. Complete the ingredients' values (added_sugar, adds_fat, adds_sodium) or accept the gap (label_settings.accept_missing).`;
  }
  return `This recipe needs no front-of-pack warning: no seal of NOM-051 4.5.3 (phase ${fop.phase}) applies and no ingredient is marked non_caloric_sweetener or added_caffeine.`;
}

export const MX_WARNINGS: FrontOfPackScheme<MxFrontOfPackValue, MxWarningsDrawing> = {
  key: WARNINGS_SCHEME,
  symbolLanguages: ['es-MX'],
  label: () => ({ language: 'es-MX', format: 'mx_table' }),
  of: warningsOf,
  // Every Mexican label carries its warnings.
  absent: { refused: 'no determination', message: 'No front-of-pack warning can be drawn: the label carries no determination.' },
  drawing: (fop, _choice, incomplete) =>
    fop.seals.length === 0 && fop.legends.length === 0
      ? { refused: 'no warning is required', message: noWarningsMessage(fop) }
      : { drawing: { scheme: WARNINGS_SCHEME, seals: fop.seals, legends: fop.legends, incomplete } },
  layout: layoutMxWarnings,
  title: mxWarningsTitle,
  // docs/api.md#approved-front-of-pack: approving a Mexican label freezes its octagons and legends as drawn then.
  freeze: (label) => {
    const fop = warningsOf(label);
    if (!fop || (fop.seals.length === 0 && fop.legends.length === 0)) return null;
    return {
      drawing: { scheme: WARNINGS_SCHEME, seals: fop.seals, legends: fop.legends, incomplete: !label.complete },
      language: 'es-MX',
      orientation: 'default',
    };
  },
  notFrozen: (label) => {
    const fop = warningsOf(label);
    return fop
      ? `The approved label needed no front-of-pack warning. ${noWarningsMessage(fop)}`
      : 'This label was approved before approvals froze the octagons: approve the label again to freeze them (docs/api.md#approved-front-of-pack).';
  },
};
