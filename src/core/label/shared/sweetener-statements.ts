// What every market's statements step shares about sweeteners (docs/labeling.md#sweetener-statements):
// the facts the statements rest on, from the recipe's ingredients, and the warning for wordings not read
// in the regulation's own text (statement_wording_unconfirmed).
import type { SweetenerFacts, SweetenerStatement } from '../rules/sweetener-statements.js';
import type { LabelStart } from './label-steps.js';
import type { LabelWarning, MandatoryStatement } from './model.js';

export function sweetenerFacts(label: LabelStart): SweetenerFacts {
  const added = label.input.added;
  const s = added?.sweetening;
  return {
    intense_sweetener: s?.intense_sweetener === true || added?.non_caloric_sweetener === true,
    phenylalanine: s?.phenylalanine === true,
    added_polyols_per_100g: s?.added_polyols_per_100g ?? 0,
    added_sugars: added?.sugars === true,
  };
}

export function mandatoryStatements(statements: readonly SweetenerStatement[]): MandatoryStatement[] {
  return statements.map((s) => ({ code: s.code, text: s.text, rule: s.rule, confirmed: s.confirmed }));
}

/** One warning naming the statements printed in a wording not confirmed from the regulation's text. */
export function sweetenerStatementWarning(statements: readonly SweetenerStatement[]): LabelWarning | null {
  const unconfirmed = statements.filter((s) => !s.confirmed);
  if (unconfirmed.length === 0) return null;
  return {
    code: 'statement_wording_unconfirmed',
    message: `The wording of ${unconfirmed.map((s) => `"${s.text}" (${s.rule})`).join(', ')} could not be confirmed against the regulation's own text: check it before print (docs/labeling.md#sweetener-statements).`,
    accepted: false,
  };
}
