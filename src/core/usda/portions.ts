// FDC household measures (food_portion + measure_unit) -> our unit slots: "<quantity> <unit>" texts a
// person would say ("1 cup, chopped", "1/2 cup"), weights in grams for the whole quantity.
import { MAX_UNIT_SLOTS, parseDescription, type Portion } from '../units.js';

export interface FdcPortion {
  /** food_portion.seq_num; null when USDA left it empty. */
  seqNum: number | null;
  /** food_portion.id, the tie-breaker for display order. */
  id: number;
  amount: number | null;
  /** measure_unit.name ("cup", "undetermined", ...). */
  unitName: string;
  modifier: string;
  portionDescription: string;
  gramWeight: number;
}

/** The slot used when a food has no household measure: nutrients are per 100 g, so 100 g is the natural unit. */
export const HUNDRED_GRAMS: Portion = { description: '100 gram', weight: 100 };

// Decimal amounts USDA writes for everyday fractions (0.333 = 1/3); others stay decimals.
const FRACTIONS: ReadonlyArray<[number, string]> = [
  [0.125, '1/8'],
  [0.25, '1/4'],
  [1 / 3, '1/3'],
  [0.5, '1/2'],
  [2 / 3, '2/3'],
  [0.75, '3/4'],
];

/** 1 -> "1", 0.5 -> "1/2", 1.5 -> "1 1/2", 0.333 -> "1/3", 2.4 -> "2.4". */
export function formatQuantity(amount: number): string {
  const whole = Math.floor(amount);
  const part = amount - whole;
  if (part < 1e-9) return String(whole);
  for (const [value, text] of FRACTIONS) {
    if (Math.abs(part - value) < 0.0015) return whole === 0 ? text : `${whole} ${text}`;
  }
  return String(Number(amount.toFixed(3)));
}

const UNDETERMINED = new Set(['undetermined', '']);

const clean = (text: string) => text.trim().replace(/\s+/g, ' ');

/** The description of one measure, or undefined when it cannot be said as "<quantity> <unit>". */
export function portionDescription(p: FdcPortion): string | undefined {
  const amount = p.amount !== null && p.amount > 0 ? p.amount : 1;
  const modifier = clean(p.modifier);
  const free = clean(p.portionDescription);
  let text: string;
  if (UNDETERMINED.has(clean(p.unitName).toLowerCase())) {
    // The unit is in the free text: SR Legacy writes "cup, chopped" in modifier, survey data "1 cup, chopped".
    if (free && parseDescription(free)) text = free;
    else if (modifier || free) text = `${formatQuantity(amount)} ${[modifier, free].filter(Boolean).join(', ')}`;
    else return undefined;
  } else {
    const qualifiers = [modifier, free].filter(Boolean);
    text = `${formatQuantity(amount)} ${clean(p.unitName)}${qualifiers.length ? `, ${qualifiers.join(', ')}` : ''}`;
  }
  return parseDescription(text) ? text : undefined;
}

const isVolume = (description: string) => parseDescription(description)?.standard?.kind === 'volume';

/**
 * Up to 15 slots: volume measures first (so the volume units derive from slot order, and survive the
 * 15-slot limit), then the rest in USDA's display order. Duplicate texts keep their first weight.
 */
export function portionSlots(portions: readonly FdcPortion[]): Portion[] {
  const ordered = [...portions].sort((a, b) => (a.seqNum ?? Infinity) - (b.seqNum ?? Infinity) || a.id - b.id);
  const seen = new Set<string>();
  const slots: Portion[] = [];
  for (const p of ordered) {
    if (!(p.gramWeight > 0)) continue;
    const description = portionDescription(p);
    if (!description || seen.has(description.toLowerCase())) continue;
    seen.add(description.toLowerCase());
    slots.push({ description, weight: p.gramWeight });
  }
  const volume = slots.filter((s) => isVolume(s.description));
  const rest = slots.filter((s) => !isVolume(s.description));
  const result = [...volume, ...rest].slice(0, MAX_UNIT_SLOTS);
  return result.length > 0 ? result : [HUNDRED_GRAMS];
}
