// Mexico's allergen declaration (NOM-051-SCFI/SSA1-2010 4.2.2.2.3, as modified in 2020): the foods and
// ingredients that cause hypersensitivity are always declared: cereals containing gluten (wheat, rye,
// oats, barley, spelt, their hybrids), crustaceans, eggs, fish, peanuts, soy, milk, tree nuts, and
// sulphites of 10 mg/kg or more. The label declares them twice: emphasised (bold) inside the list of
// ingredients, at the ingredient each comes from, and in a "Contiene: ..." line after it. Whether the
// paragraph asks for both, or for either, could not be read in the NOM's own text from here: both are
// printed (docs/labeling.md#mexico-allergens).
import { type AnnexName, annexIiEntries, annexIiSpellings, EU_SPELLING } from '../../allergens/annex-ii.js';
import { emphasisedRuns, type NameResolver, runsText, type TextRun } from '../../allergens/emphasis.js';
import type { LabelInput } from '../shared/label-input.js';
import type { LabelLanguage, LabelWarning } from '../shared/model.js';
import { labelStatementItems } from '../shared/statement-items.js';

/** The names "Contiene:" prints, in Mexican Spanish, for the NOM-051 4.2.2.2.3 groups; null: not in the NOM's list. */
const MX_NAMES: Readonly<Record<AnnexName, string | null>> = {
  wheat: 'trigo',
  spelt: 'espelta',
  khorasan: 'trigo khorasan',
  rye: 'centeno',
  barley: 'cebada',
  oats: 'avena',
  triticale: 'triticale',
  gluten: 'gluten',
  crustaceans: 'crustáceos',
  eggs: 'huevo',
  fish: 'pescado',
  peanuts: 'cacahuate',
  soya: 'soya',
  milk: 'leche',
  nuts: 'nueces',
  almonds: 'almendra',
  hazelnuts: 'avellana',
  walnuts: 'nuez',
  cashews: 'nuez de la India',
  pecans: 'nuez pecana',
  brazil_nuts: 'nuez de Brasil',
  pistachios: 'pistache',
  macadamia: 'nuez de macadamia',
  sulphites: 'sulfitos',
  // Not among NOM-051's groups (they are in the EU's Annex II): not declared as allergens in Mexico.
  celery: null,
  mustard: null,
  sesame: null,
  lupin: null,
  molluscs: null,
};

/**
 * The names NOM-051 4.2.2.2.3 asks to emphasise in the list, in Mexican Spanish: "cacahuate", "soya" are
 * found and appended as Mexico writes them (the EU's "cacahuetes", "soja" are still found where a list
 * says them); the EU's Annex II allergens that are not in the NOM's groups (celery, mustard, sesame, lupin,
 * molluscs) are not emphasised.
 */
export const mxResolver: NameResolver = (allergens) =>
  annexIiEntries(allergens).entries.flatMap((entry) => {
    const name = MX_NAMES[entry];
    return name === null
      ? []
      : [{ spellings: [name, ...annexIiSpellings('es', entry).filter((s) => s !== name)] as [string, ...string[]] }];
  });

export interface MxAllergenDeclaration {
  /** "Ingredientes: harina de **trigo**, ..." as printed; null without a list. */
  statement: string | null;
  /** The list after its heading, allergens emphasised. */
  runs: TextRun[] | null;
  /** "Contiene: trigo, leche, soya."; null when the recipe has none of the NOM's allergens. */
  contains: string | null;
  containsRuns: TextRun[] | null;
  warnings: LabelWarning[];
}

export function mxAllergenDeclaration(input: LabelInput, language: LabelLanguage, heading: string): MxAllergenDeclaration {
  const items = labelStatementItems(input, language, heading);
  const runs = items === null ? null : emphasisedRuns(items, mxResolver, EU_SPELLING.es);
  const found = annexIiEntries(input.allergens ?? {});
  const names = [...new Set(found.entries.map((e) => MX_NAMES[e]).filter((n): n is string => n !== null))];
  const warnings: LabelWarning[] = [];
  if (found.gaps.length > 0 && names.length > 0) {
    warnings.push({
      code: 'format_not_allowed',
      message: `NOM-051 4.2.2.2.3 names the cereal containing gluten and the tree nut: the recipe declares ${found.gaps.map((g) => (g.key === 'gluten' ? 'gluten' : 'tree nuts')).join(' and ')} without saying which (e.g. {"gluten": "barley"}, {"tree_nut": "almond"}).`,
      accepted: false,
    });
  }
  const containsRuns: TextRun[] | null =
    names.length === 0
      ? null
      : [
          { text: 'Contiene: ', emphasis: true },
          ...names
            .flatMap((n, i) => [
              { text: `${i > 0 ? ', ' : ''}`, emphasis: false },
              { text: n, emphasis: true },
            ])
            .filter((r) => r.text !== ''),
          { text: '.', emphasis: false },
        ];
  return {
    statement: runs === null ? (input.ingredient_statement[language] ?? null) : heading + runsText(runs),
    runs,
    contains: containsRuns === null ? null : runsText(containsRuns),
    containsRuns,
    warnings,
  };
}
