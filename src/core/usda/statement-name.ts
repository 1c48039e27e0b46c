// A library food's name for ingredient statements: its common or usual name (21 CFR 101.4(a)(1),
// 102.5), not USDA's database description. "Wheat flour, white, all-purpose, enriched, bleached"
// becomes "enriched bleached all-purpose wheat flour", "Butter, without salt" "unsalted butter",
// "Egg, whole, raw, fresh" "whole eggs". The rules (docs/labeling.md "Statement names"):
// 1. USDA's class prefix is set aside ("Leavening agents, baking soda" -> "baking soda").
// 2. Parts that go without saying are dropped: raw, fresh, fluid, plain, the milkfat percentage,
//    added vitamins, grade and size, "stick", "table" salt, "granulated" sugar.
// 3. Heads USDA names by the part after them read naturally: "Flour, rice" -> "rice flour",
//    "Oil, canola" -> "canola oil", "Cheese, cream" -> "cream cheese", "Sugars, brown" -> "brown sugar".
// 4. The qualifiers go before the head, treatments first ("enriched bleached all-purpose"), in USDA's
//    order otherwise; "without salt" reads "unsalted", "dry powder" makes the head "... powder".
// 5. Eggs are plural ("whole eggs", "egg whites", "egg yolks").
// A generated name is a starting point: a label using one warns (`generated_statement_name`), and
// the account sets its own on a copy.
import { CLASS_PREFIXES, singularHead } from './common-form.js';

/** Heads USDA names first and the kind after: "Flour, rice" is rice flour. */
const KIND_AFTER = new Set(['flour', 'oil', 'cheese', 'syrups', 'syrup', 'sugars', 'sugar', 'vinegar', 'extract']);

/** Whole parts dropped everywhere. */
const NOISE =
  /^(raw|fresh|fluid|plain|regular|commercial|nfs|all commercial varieties|year round average|grade a|large|medium|small|stick|sticks|squares|shell|mature seeds|not fortified|dry form|regular and quick|unprepared|dry|includes .*|with added .*|ns as to .*|.*%.*)$/;

/** Parts dropped after certain heads, where they are the default. */
const DEFAULT_BY_HEAD: Readonly<Record<string, RegExp>> = {
  flour: /^white$/,
  sugar: /^(granulated|white)$/,
  salt: /^(table|iodized)$/,
  butter: /^(salted|with salt)$/,
  cheese: /^(full fat|block)$/,
};

/** Treatments, said first: "enriched bleached all-purpose". */
const TREATMENT =
  /^(enriched|unenriched|bleached|unbleached|salted|unsalted|sweetened|unsweetened|semisweet|bittersweet|toasted|roasted|dry roasted|ground|dried|dehydrated|frozen|active dry|blanched|iodized|pasteurized|whipped|defatted|low fat|lowfat|reduced fat|nonfat|fat free|full-fat|whole grain|whole-grain)$/;

const RENAMED: ReadonlyArray<[RegExp, string]> = [
  [/^without salt( added)?$/, 'unsalted'],
  [/^with salt( added)?$/, 'salted'],
];

export function statementName(description: string): string {
  let parts = description
    .toLowerCase()
    .split(',')
    .map((p) => p.trim().replace(/\s+/g, ' '))
    .filter((p) => p.length > 0);
  if (parts.length > 1 && CLASS_PREFIXES.has(parts[0] ?? '')) parts = parts.slice(1);
  let [head, ...rest] = parts;
  if (head === undefined) return description.trim();
  if (head === 'sugars') head = 'sugar';
  if (head === 'syrups') head = 'syrup';
  const kind = rest[0];
  if (KIND_AFTER.has(head) && kind !== undefined && !NOISE.test(kind) && !TREATMENT.test(kind) && !DEFAULT_BY_HEAD[head]?.test(kind)) {
    head = `${kind} ${head}`;
    rest = rest.slice(1);
  }
  const headNoun = head.split(' ').at(-1) ?? head;
  let suffix = '';
  const qualifiers: string[] = [];
  for (let part of rest) {
    for (const [from, to] of RENAMED) part = part.replace(from, to);
    if (NOISE.test(part) || DEFAULT_BY_HEAD[headNoun]?.test(part)) continue;
    if (/^(dry )?powder$/.test(part)) {
      suffix = ' powder';
      continue;
    }
    // "Eggs, Grade A, Large, egg white": the head said again.
    const words = part.split(' ').filter((w) => singularHead(w) !== singularHead(headNoun));
    if (words.length > 0) qualifiers.push(words.join(' '));
  }
  const ordered = [...qualifiers.filter((q) => TREATMENT.test(q)), ...qualifiers.filter((q) => !TREATMENT.test(q))];
  if (/^eggs?$/.test(head)) return eggName(ordered);
  return [...ordered, `${head}${suffix}`].join(' ');
}

/** "whole eggs", "egg whites", "egg yolks", "dried whole eggs". */
function eggName(qualifiers: string[]): string {
  const part = qualifiers.find((q) => /^(white|yolk)s?$/.test(q));
  const others = qualifiers.filter((q) => q !== part);
  return part ? [...others, `egg ${part.replace(/s$/, '')}s`].join(' ') : [...others, 'eggs'].join(' ');
}
