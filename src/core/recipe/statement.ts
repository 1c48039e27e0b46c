// Ingredient statements (21 CFR 101.4(a)(1): ingredients in descending order of predominance by weight;
// FDR B.01.008.1(1) and Regulation (EU) 1169/2011 Art. 18(1): the same order). Duplicates are merged,
// a compound ingredient reads "Name (its own ingredients)" (21 CFR 101.4(b)(2); src/core/recipe/statement-entry.ts), and a
// subrecipe "Name (its own statement)".
// One statement per label language, from the names in that language (src/core/recipe/label-names.ts).
// Canadian lists group the sugars-based ingredients after "Sugars" (FDR B.01.008.3).
import { isSugarsBased } from '../label/canada/sugars-based.js';
import { labelMarkets, marketsVersion } from '../label/markets.js';
import type { LabelLanguage } from '../label/shared/model.js';
import { partText } from './ingredient-list.js';
import { customListIn, hasLocaleTexts, languageBase, type NamedThing, nameIn } from './label-names.js';
import { statementEntry } from './statement-entry.js';
import type { EffectiveIngredient, LineResult, Statements } from './results.js';

export type { Statements } from './results.js';

const nonBlank = (text: string | null | undefined): string | null => (text && text.trim() !== '' ? text.trim() : null);

/**
 * The label languages and how their statements are made. Languages whose statements are the same text
 * form one class: names are kept per language, not per market (label-names.ts), so every language of a
 * base prints the same words, unless its market lists ingredients by rules of its own (Canada groups the
 * sugars: MarketLanguage.statementRules), or an ingredient has words of a locale of its own ("fr-CA"),
 * when each language is made. One language of each class is computed and the others share its answer:
 * 8 statements where there are 13 label languages, on every recipe read.
 */
interface StatementLanguages {
  version: number;
  /** Every label language, market by market. */
  languages: readonly LabelLanguage[];
  /** The first language of each one's class. */
  head: ReadonlyMap<LabelLanguage, LabelLanguage>;
  /** The word that opens the group of sugars-based ingredients (FDR B.01.008.3(1)(a), (b)), where the market groups them. */
  sugarsTerm: ReadonlyMap<LabelLanguage, string>;
}

let statementLanguages: StatementLanguages | null = null;

function languagesNow(): StatementLanguages {
  if (statementLanguages?.version === marketsVersion()) return statementLanguages;
  const languages: LabelLanguage[] = [];
  const first = new Map<string, LabelLanguage>();
  const head = new Map<LabelLanguage, LabelLanguage>();
  const sugarsTerm = new Map<LabelLanguage, string>();
  for (const market of labelMarkets()) {
    for (const { code, statementRules } of market.languages) {
      const term = statementRules?.sugarsGroup;
      if (term) sugarsTerm.set(code, term);
      const key = term ? `${languageBase(code)}|${term}` : languageBase(code);
      if (!first.has(key)) first.set(key, code);
      head.set(code, first.get(key) ?? code);
      languages.push(code);
    }
  }
  statementLanguages = { version: marketsVersion(), languages, head, sugarsTerm };
  return statementLanguages;
}

/**
 * A value per label language, made once per statement class (see StatementLanguages), or for every
 * language when `each` (words set per locale, "fr-CA" / "fr-FR", differ within a class).
 */
function perLanguage<T>(make: (language: LabelLanguage) => T, each = false): Record<LabelLanguage, T> {
  const { languages, head } = languagesNow();
  const out = {} as Record<LabelLanguage, T>;
  // A class's first language comes first in the list, so its value is there when the others ask.
  for (const language of languages) {
    const first = head.get(language) ?? language;
    out[language] = first === language || each ? make(language) : (out[first] as T);
  }
  return out;
}

/** A line's words in a language (every label language has them: lineDisplayText makes one per language). */
const textIn = (text: Readonly<Record<LabelLanguage, string>>, language: LabelLanguage): string => text[language] ?? '';

/** The words a line contributes to the statement in each language (display_text of a recipe ingredient). */
export function lineDisplayText(effective: EffectiveIngredient): Record<LabelLanguage, string> {
  const { ingredient, subrecipe } = effective;
  if (subrecipe) {
    const withStatement = (name: string, statement: string | null) => {
      const given = nonBlank(statement);
      return given ? `${name} (${given})` : name;
    };
    // A subrecipe's statements are its own per language (they may differ within a class): each one.
    return perLanguage(
      (language) =>
        withStatement(
          nameIn(ingredient, language) ?? nameIn(subrecipe.recipe, language) ?? ingredient.name,
          subrecipe.statements[language] ?? null,
        ),
      true,
    );
  }
  // A library food's statement name is its common name (21 CFR 101.4(a)(1)), not USDA's description; a
  // compound ingredient keeps its name and its place, its own ingredients in parentheses (statement-entry.ts).
  return perLanguage((language) => partText(statementEntry(ingredient, language).entry), hasLocaleTexts(ingredient));
}

interface StatementEntry {
  first: number;
  grams: number;
  text: Record<LabelLanguage, string>;
  sugarsBased: boolean;
}

const byWeight = (a: StatementEntry, b: StatementEntry) => b.grams - a.grams || a.first - b.first;

/**
 * A Canadian list (FDR B.01.008.3): the sugars-based ingredients in parentheses after "Sugars" /
 * "Sucres", each entirely in lower case ((3)(a)), in descending order of its own weight ((3)(b)(i)),
 * separated by commas ((3)(b)(ii)); the group placed by their combined weight ((2)(a)). One sugar is
 * grouped too ("Sugars (sugar)": (1) applies to "one or more").
 */
function canadianOrder(ordered: readonly StatementEntry[], language: LabelLanguage, term: string): string {
  const sugars = ordered.filter((e) => e.sugarsBased);
  if (sugars.length === 0) return ordered.map((e) => textIn(e.text, language)).join(', ');
  const members = sugars.map((e) => textIn(e.text, language).toLocaleLowerCase(language)).join(', ');
  const group: StatementEntry = {
    first: Math.min(...sugars.map((e) => e.first)),
    grams: sugars.reduce((sum, e) => sum + e.grams, 0),
    text: perLanguage(() => ''),
    sugarsBased: true,
  };
  const entries = [...ordered.filter((e) => !e.sugarsBased), group].sort(byWeight);
  return entries.map((e) => (e === group ? `${term} (${members})` : textIn(e.text, language))).join(', ');
}

/**
 * Statements generated from food lines: merged by their English text (the same ingredient twice, or two
 * ingredients labelled alike), ordered by descending net weight, ties in the order first added; the
 * Canadian ones group the sugars-based ingredients (canadianOrder).
 */
export function recipeStatements(foodLines: readonly LineResult[]): Statements {
  const groups = new Map<string, StatementEntry>();
  foodLines.forEach((line, index) => {
    if (!(line.net_grams > 0)) return; // nothing of it reaches the product
    const key = textIn(line.display_text, 'en-US').toLowerCase();
    const group = groups.get(key);
    const sugarsBased = isSugarsBased(line.effective.ingredient);
    if (group) {
      group.grams += line.net_grams;
      group.sugarsBased ||= sugarsBased;
    } else groups.set(key, { first: index, grams: line.net_grams, text: line.display_text, sugarsBased });
  });
  if (groups.size === 0) return perLanguage(() => null);
  const ordered = [...groups.values()].sort(byWeight);
  const { sugarsTerm } = languagesNow();
  // Joined for each language: a line's words may be its locale's (cheap beside making the words).
  return perLanguage((language) => {
    const term = sugarsTerm.get(language);
    return term ? canadianOrder(ordered, language, term) : ordered.map((g) => textIn(g.text, language)).join(', ');
  }, true);
}

/** The statements of an evaluated recipe, one per label language (what the label work calls). */
export function ingredientStatements(result: { statements: Statements }): Statements {
  return { ...result.statements };
}

/** A recipe's statement per language: its custom list in that language, else the generated one. */
export function statementsWithCustom(
  recipe: NamedThing & { ingredient_list: string | null; ingredient_list_fr: string | null },
  generated: Statements,
): Statements {
  // A custom English list is not French or German: without a custom list in the language, the generated statement.
  // A list set to "" stays "" (no statement printed), as it always has.
  return perLanguage((language) => customListIn(recipe, language) ?? generated[language] ?? null, true);
}
