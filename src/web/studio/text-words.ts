// The "new recipe from text" page's words: a line's amount as it was read, its state, the foods offered
// for it and the parse's warnings, said for a person rather than for an API client ("pick another
// below", not "choose another in choices"). Pure; given to the page as `it.tw` (docs/studio.md).
import type { OfferedFood, PreviewLine } from '../../services/studio/index.js';
import { grams, number } from './words.js';

/** Units that take an "s" (or "es") for more than one; abbreviations ("g", "tbsp", "fl oz") never do. */
const PLURALS: Readonly<Record<string, string>> = {
  cup: 'cups',
  pinch: 'pinches',
  dash: 'dashes',
  stick: 'sticks',
  clove: 'cloves',
  slice: 'slices',
  can: 'cans',
  package: 'packages',
  bunch: 'bunches',
  sprig: 'sprigs',
  pint: 'pints',
  quart: 'quarts',
  gallon: 'gallons',
};

/** The amount read from a line: "2.25 cups", "3–4 cups", "2 large", or "no amount". */
export function amountRead(line: Pick<PreviewLine, 'read'>): string {
  const { quantity, quantity_max: max, unit, size } = line.read;
  if (quantity === null) return 'no amount';
  const many = (max ?? quantity) !== 1;
  const unitWord = unit === null ? '' : ` ${many ? (PLURALS[unit] ?? unit) : unit}`;
  return `${number(quantity)}${max === null ? '' : `–${number(max)}`}${size === null ? '' : ` ${size}`}${unitWord}`;
}

export type BadgeKind = 'ok' | 'note' | 'bad' | 'muted';

/** The line's state as a short badge. */
export function lineState(line: PreviewLine): { text: string; kind: BadgeKind } {
  if (line.pick === 'skip')
    return { text: line.status === 'no_quantity' && !line.changed ? 'No amount: left out' : 'Left out', kind: 'muted' };
  if (line.pick === null) return { text: 'No match', kind: 'bad' };
  if (line.unresolved) return { text: 'Needs its grams', kind: 'bad' };
  if (line.changed) return { text: 'Your choice', kind: 'ok' };
  if (line.status === 'ambiguous') return { text: 'Best guess: check it', kind: 'note' };
  return { text: 'Matched', kind: 'ok' };
}

const ORIGINS: Record<OfferedFood['origin'], string> = {
  match: 'best match',
  alternative: 'also close',
  search: 'found by your search',
  chosen: 'your choice',
};

/** What a food offered for a line weighs it at, and where it comes from: "227 g (1 cup) · library · best match". */
export function foodDetail(food: OfferedFood): string {
  const weight =
    food.grams === null
      ? 'cannot weigh this amount: type the grams'
      : `${grams(food.grams)}${food.unit && food.quantity !== null ? ` (${number(food.quantity)} × ${food.unit})` : ''}`;
  return `${weight} · ${food.own ? 'your ingredient' : 'library'} · ${ORIGINS[food.origin]}`;
}

/** A short lead for each warning of the parse. */
const LEADS: Readonly<Record<string, string>> = {
  range_midpoint: 'A range',
  assumed_size: 'Size assumed',
  volume_by_density: 'Weighed through another measure',
  excluded_no_quantity: 'No amount',
  ambiguous_match: 'Check the food',
  measure_size: 'Measure',
  assumed_measure: 'Measure',
  no_measure: 'Cannot weigh',
  no_match: 'No match',
  optional_ingredient: 'Optional',
};

/** The API's wording of what to do, and the page's. */
const REWORDED: ReadonlyArray<[RegExp, string]> = [
  [/ Choose another in choices if it is wrong\.$/, ' Pick another below if it is wrong.'],
  [/: choose it with grams, or with a unit it has\.$/, ': pick it and type the grams.'],
  [/; choose one, or skip the line\.$/, ': pick a food below, or leave the line out.'],
  [/^A range: weighed/, 'Weighed'],
];

/** A warning of the parse in the page's words: { lead, text }. */
export function warningText(warning: { code: string; message: string }): { lead: string; text: string } {
  if (warning.code === 'excluded_no_quantity')
    return { lead: 'No amount', text: 'Left out of the recipe unless you pick its food and type its grams.' };
  if (warning.code === 'optional_ingredient')
    return { lead: 'Optional', text: 'The line says optional: it is in the recipe; leave it out below if you like.' };
  let text = warning.message;
  for (const [from, to] of REWORDED) text = text.replace(from, to);
  return { lead: LEADS[warning.code] ?? 'Note', text };
}

export const TEXT_WORDS = { amountRead, lineState, foodDetail, warningText };
