// Units of measure: parsing "<quantity> <unit>" descriptions and building an ingredient's
// units_and_grams table (docs/api.md#units, docs/api.md#unit-keys).
import { QUANTITY as QUANTITY_RANGE, UNIT_WEIGHT } from './bounds.js';

export type UnitKind = 'mass' | 'volume' | 'time';

interface StandardUnit {
  name: string;
  kind: UnitKind;
  /** grams for mass, millilitres for volume, hours for time. */
  factor: number;
  aliases: string[];
}

// US customary volume factors (NIST; docs/labeling.md#unit-conversions). Ingredient quantities use these, never the
// rounded labeling factors of 21 CFR 101.9(b)(5)(viii), which apply only to printed serving sizes.
export const STANDARD_UNITS: readonly StandardUnit[] = [
  { name: 'gram', kind: 'mass', factor: 1, aliases: ['g', 'gr', 'gm', 'grams', 'gramme', 'grammes'] },
  { name: 'oz', kind: 'mass', factor: 28.349523125, aliases: ['ounce', 'ounces', 'oz.', 'ozs'] },
  { name: 'lb', kind: 'mass', factor: 453.59237, aliases: ['lbs', 'pound', 'pounds', 'lb.', 'lbs.'] },
  { name: 'kg', kind: 'mass', factor: 1000, aliases: ['kilogram', 'kilograms', 'kgs', 'kilo', 'kilos'] },
  { name: 'teaspoon', kind: 'volume', factor: 4.92892159375, aliases: ['teaspoons', 'tsp', 'tsp.', 'tsps', 't'] },
  { name: 'tablespoon', kind: 'volume', factor: 14.78676478125, aliases: ['tablespoons', 'tbsp', 'tbsp.', 'tbs', 'tbl', 'T'] },
  { name: 'fl oz', kind: 'volume', factor: 29.5735295625, aliases: ['fl. oz', 'fl oz.', 'fl. oz.', 'floz', 'fluid ounce', 'fluid ounces'] },
  { name: 'cup', kind: 'volume', factor: 236.5882365, aliases: ['cups', 'c', 'c.'] },
  { name: 'pint', kind: 'volume', factor: 473.176473, aliases: ['pints', 'pt', 'pt.'] },
  { name: 'quart', kind: 'volume', factor: 946.352946, aliases: ['quarts', 'qt', 'qt.'] },
  { name: 'gallon', kind: 'volume', factor: 3785.411784, aliases: ['gallons', 'gal', 'gal.'] },
  { name: 'ml', kind: 'volume', factor: 1, aliases: ['mL', 'milliliter', 'milliliters', 'millilitre', 'millilitres'] },
  { name: 'liter', kind: 'volume', factor: 1000, aliases: ['liters', 'litre', 'litres', 'l', 'L'] },
  { name: 'hour', kind: 'time', factor: 1, aliases: ['hours', 'hr', 'hrs', 'h'] },
  { name: 'minute', kind: 'time', factor: 1 / 60, aliases: ['minutes', 'min', 'mins'] },
];

const MASS_UNITS = STANDARD_UNITS.filter((u) => u.kind === 'mass');
const VOLUME_UNITS = STANDARD_UNITS.filter((u) => u.kind === 'volume');
const TIME_UNITS = STANDARD_UNITS.filter((u) => u.kind === 'time');

// Case matters only where it disambiguates (T = tablespoon, t = teaspoon); everything else is matched
// case-insensitively.
const CASE_SENSITIVE = new Map<string, StandardUnit>();
const CASE_INSENSITIVE = new Map<string, StandardUnit>();
for (const unit of STANDARD_UNITS) {
  CASE_INSENSITIVE.set(unit.name.toLowerCase(), unit);
  for (const alias of unit.aliases) {
    if (alias === 't' || alias === 'T') CASE_SENSITIVE.set(alias, unit);
    else CASE_INSENSITIVE.set(alias.toLowerCase(), unit);
  }
}

export function standardUnit(text: string): StandardUnit | undefined {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  return CASE_SENSITIVE.get(trimmed) ?? CASE_INSENSITIVE.get(trimmed.toLowerCase());
}

export interface ParsedDescription {
  quantity: number;
  /** The unit text as written, e.g. "cup, chopped" or "large egg". */
  unitText: string;
  /** The standard unit the text starts with ("cup" for "cup, chopped"), if any. */
  standard?: StandardUnit;
}

const QUANTITY = /^(?:(\d+)\s+(\d+)\/(\d+)|(\d+)\/(\d+)|(\d+(?:\.\d+)?|\.\d+))\s+(\S.*)$/;

/** Parses "<quantity> <unit>"; quantity is an integer, a decimal, "1/2" or "1 1/2". */
export function parseDescription(description: string): ParsedDescription | undefined {
  const match = QUANTITY.exec(description.trim());
  if (!match) return undefined;
  let quantity: number;
  if (match[1] !== undefined) quantity = Number(match[1]) + Number(match[2]) / Number(match[3]);
  else if (match[4] !== undefined) quantity = Number(match[4]) / Number(match[5]);
  else quantity = Number(match[6]);
  // A described unit counts at least a ten-thousandth and at most QUANTITY_RANGE.max of something:
  // "1e-300 cup" would make a gram of it a near-infinite number of cups.
  if (!Number.isFinite(quantity) || quantity < UNIT_WEIGHT.min || quantity > QUANTITY_RANGE.max) return undefined;
  const unitText = (match[7] ?? '').trim(); // the regex's last group always takes part
  // "cup, chopped" and "cup (8 fl oz)" are still cups: the modifier only says how the food was cut.
  const [head = ''] = unitText.split(/[,(]/);
  return { quantity, unitText, standard: standardUnit(head.trim()) };
}

export interface Portion {
  description: string;
  weight: number;
}

export const MAX_UNIT_SLOTS = 15;

export function unitKey(unit: StandardUnit): string {
  return `1 ${unit.name}`;
}

/**
 * Every usable unit key mapped to grams. Mass units always exist; one volume description implies a
 * density that creates every volume unit; one time description (hourly non-food items) creates the
 * time units, whose "grams" are the abstract weight scale of that item (hours = grams / grams per hour).
 */
export function buildUnitsAndGrams(portions: readonly Portion[]): Record<string, number> {
  // No prototype: clients name units, and "toString" or "constructor" must not be found in the table.
  const table: Record<string, number> = Object.create(null);
  for (const unit of MASS_UNITS) table[unitKey(unit)] = unit.factor;
  let volumeDerived = false;
  let timeDerived = false;
  for (const portion of portions) {
    const parsed = parseDescription(portion.description);
    if (!parsed?.standard) continue;
    const perUnit = portion.weight / parsed.quantity;
    if (parsed.standard.kind === 'volume' && !volumeDerived) {
      const gramsPerMl = perUnit / parsed.standard.factor;
      for (const unit of VOLUME_UNITS) table[unitKey(unit)] = gramsPerMl * unit.factor;
      volumeDerived = true;
    } else if (parsed.standard.kind === 'time' && !timeDerived) {
      const gramsPerHour = perUnit / parsed.standard.factor;
      for (const unit of TIME_UNITS) table[unitKey(unit)] = gramsPerHour * unit.factor;
      timeDerived = true;
    }
  }
  // Descriptions as written are keys too, with their own stated weight ("1/2 cup", "1 large egg").
  for (const portion of portions) table[portion.description.trim()] = portion.weight;
  return table;
}

/** Unit names for `valid_units`: standard units present, then the custom unit texts. */
export function validUnitNames(unitsAndGrams: Record<string, number>, portions: readonly Portion[]): string[] {
  const names: string[] = [];
  for (const unit of STANDARD_UNITS) if (unitKey(unit) in unitsAndGrams) names.push(unit.name);
  for (const portion of portions) {
    const parsed = parseDescription(portion.description);
    if (parsed && !parsed.standard && !names.includes(parsed.unitText)) names.push(parsed.unitText);
  }
  return names;
}

/**
 * Finds the unit key a client meant: an exact key ("1 cup", "1 large egg"), case-insensitively,
 * or a bare unit name meaning one of it ("cup", "g" -> "1 gram"; docs/api.md#recipe-lines).
 */
export function resolveUnitKey(unitsAndGrams: Record<string, number>, unit: string): string | undefined {
  const wanted = unit.trim().replace(/\s+/g, ' ');
  if (wanted in unitsAndGrams) return wanted;
  const lower = wanted.toLowerCase();
  for (const key of Object.keys(unitsAndGrams)) if (key.toLowerCase() === lower) return key;
  const standard = standardUnit(wanted);
  if (standard && unitKey(standard) in unitsAndGrams) return unitKey(standard);
  const parsed = parseDescription(wanted);
  if (parsed?.quantity === 1 && parsed.standard && unitKey(parsed.standard) in unitsAndGrams) return unitKey(parsed.standard);
  // "large egg" meaning the description "1 large egg".
  for (const key of Object.keys(unitsAndGrams)) {
    const p = parseDescription(key);
    if (p && p.quantity === 1 && p.unitText.toLowerCase() === lower) return key;
  }
  return undefined;
}

/** Hours per unit key for hourly items, from the time units; undefined when the key is not a time unit. */
export function hoursPerUnit(unitsAndGrams: Record<string, number>, key: string): number | undefined {
  const gramsPerHour = unitsAndGrams['1 hour'];
  if (gramsPerHour === undefined || gramsPerHour <= 0) return undefined;
  const grams = unitsAndGrams[key];
  return grams === undefined ? undefined : grams / gramsPerHour;
}
