// Serving-size and servings-per-container statements, FDA and Canada.
import { Decimal, dec, roundToStepDecimal, type Numeric } from './decimal-round.js';
import { formatNumber, type NumberStyle } from './number-format.js';
import { caMetricServing, caServingsPerContainer } from '../canada/rounding.js';

/** FDA metric serving (docs/labeling.md#serving-size, FDA guidance, tagged [R]): > 5 g -> whole g; 2 to 5 g -> 0.5 g;
 * < 2 g -> 0.1 g. */
export function fdaMetricServing(value: Numeric): Decimal {
  const v = dec(value);
  if (v.gt(5)) return roundToStepDecimal(v, 1);
  if (v.gte(2)) return roundToStepDecimal(v, '0.5');
  return roundToStepDecimal(v, '0.1');
}

/** 21 CFR 101.9(b)(8)(i): nearest whole number, except between 2 and 5 servings: nearest 0.5. */
export function fdaServingsPerContainer(value: Numeric): Decimal {
  const v = dec(value);
  if (v.gte(2) && v.lte(5)) return roundToStepDecimal(v, '0.5');
  return roundToStepDecimal(v, 1);
}

export interface ServingsStatement {
  value: number;
  display: string;
  rounded: boolean;
}

function servingsStatement(declared: Decimal, unrounded: Decimal, style: NumberStyle, french: boolean): ServingsStatement {
  // A container always holds at least one serving; a value that rounds to 0 is a data error upstream.
  const value = Decimal.max(declared, 1);
  const rounded = !value.eq(unrounded);
  const n = formatNumber(value, style);
  const one = value.eq(1);
  const text = french ? `${n} ${one ? 'portion' : 'portions'} par contenant` : `${n} ${one ? 'serving' : 'servings'} per container`;
  // 101.9(b)(8)(i) and B.01.402 item 1: "about" / "environ" when the number was rounded.
  const display = rounded ? `${french ? 'environ' : 'about'} ${text}` : text;
  return { value: value.toNumber(), display, rounded };
}

export function fdaServingsStatement(unrounded: Numeric): ServingsStatement {
  return servingsStatement(fdaServingsPerContainer(unrounded), dec(unrounded), 'us', false);
}

export function caServingsStatement(unrounded: Numeric, language: 'en' | 'fr'): ServingsStatement {
  return servingsStatement(caServingsPerContainer(unrounded), dec(unrounded), language === 'fr' ? 'ca_fr' : 'ca_en', language === 'fr');
}

export interface ServingSize {
  household: string | null;
  /** Declared metric amount (grams or mL). */
  metric: Decimal;
  unit: 'g' | 'mL';
  /** Declared grams: the basis every per-serving value is restated on. */
  grams: Decimal;
  display: string;
}

/** "2/3 cup (55g)", or "55g" without a household measure (FDA writes units without a space). */
export function fdaServingSize(household: string | null, grams: Numeric, ml: Numeric | null): ServingSize {
  const g = fdaMetricServing(grams);
  const useMl = ml !== null && dec(ml).gt(0);
  const metric = useMl ? fdaMetricServing(ml) : g;
  const unit = useMl ? 'mL' : 'g';
  const metricText = `${formatNumber(metric, 'us')}${unit}`;
  const display = household ? `${household} (${metricText})` : metricText;
  return { household, metric, unit, grams: g, display };
}

// Common household words in French ("c. à soupe", "c. à thé"; a Canadian cup is 250 mL: docs/labeling.md#canada-layout, docs/labeling.md#unit-conversions).
const FRENCH_MEASURES: ReadonlyArray<[RegExp, string, string]> = [
  [/\b(tablespoons?|tbsps?|tbs)\b\.?/gi, 'c. à soupe', 'c. à soupe'],
  [/\b(teaspoons?|tsps?)\b\.?/gi, 'c. à thé', 'c. à thé'],
  [/\bcups?\b/gi, 'tasse', 'tasses'],
  [/\bslices?\b/gi, 'tranche', 'tranches'],
  [/\bpieces?\b/gi, 'morceau', 'morceaux'],
  [/\bcookies?\b/gi, 'biscuit', 'biscuits'],
  [/\bbars?\b/gi, 'barre', 'barres'],
  [/\bbottles?\b/gi, 'bouteille', 'bouteilles'],
  [/\bcontainers?\b/gi, 'contenant', 'contenants'],
  [/\bpackages?\b/gi, 'emballage', 'emballages'],
  [/\bservings?\b/gi, 'portion', 'portions'],
  [/\bmuffins?\b/gi, 'muffin', 'muffins'],
  [/\bcakes?\b/gi, 'gâteau', 'gâteaux'],
  [/\bloaf\b|\bloaves\b/gi, 'pain', 'pains'],
  [/\bsquares?\b/gi, 'carré', 'carrés'],
];

export interface Translated {
  text: string;
  /** false when no known measure word was found: the caller notes that the household measure was left as written. */
  translated: boolean;
}

function leadingQuantity(text: string): number {
  const fraction = /^\s*(\d+)\s*\/\s*(\d+)/.exec(text);
  if (fraction) return Number(fraction[1]) / Number(fraction[2]);
  const whole = /^\s*(\d+)/.exec(text);
  return whole ? Number(whole[1]) : 1;
}

/** French household measure: known measure words translated, decimal points become commas ("1.5 cup" -> "1,5 tasse"). */
export function frenchHousehold(household: string): Translated {
  let translated = false;
  let text = household.replace(/(\d)\.(\d)/g, '$1,$2');
  const plural = leadingQuantity(household) >= 2; // French nouns take the plural from 2 ("1,5 tasse", "2 tasses")
  for (const [re, singular, many] of FRENCH_MEASURES) {
    if (re.test(text)) {
      translated = true;
      text = text.replace(re, plural ? many : singular);
    }
    re.lastIndex = 0;
  }
  return { text, translated };
}

export interface CaServingSize extends ServingSize {
  display_fr: string;
  household_fr: string | null;
  household_translated: boolean;
}

/**
 * "Per 1 cup (250 mL)" / "pour 1 tasse (250 mL)"; "Per 55 g" without a household measure. `householdFr`
 * (label_settings.household_serving_fr, FDR B.01.012) is the French measure as written, else it is
 * translated from the English one word by word.
 */
export function caServingSize(household: string | null, grams: Numeric, ml: Numeric | null, householdFr?: string | null): CaServingSize {
  const g = caMetricServing(grams);
  const useMl = ml !== null && dec(ml).gt(0);
  const metric = useMl ? caMetricServing(ml) : g;
  const unit = useMl ? 'mL' : 'g';
  const en = `${formatNumber(metric, 'ca_en')} ${unit}`;
  const fr = `${formatNumber(metric, 'ca_fr')} ${unit}`;
  const given = householdFr?.trim();
  const hFr = household ? (given ? { text: given, translated: true } : frenchHousehold(household)) : null;
  return {
    household,
    metric,
    unit,
    grams: g,
    display: household ? `Per ${household} (${en})` : `Per ${en}`,
    display_fr: hFr ? `pour ${hFr.text} (${fr})` : `pour ${fr}`,
    household_fr: hFr ? hFr.text : null,
    household_translated: hFr ? hFr.translated : true,
  };
}
