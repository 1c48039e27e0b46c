// The "new recipe from text" page's words and bookkeeping: a line's amount as read, its state, a food's
// detail, the parse's warnings in the page's words; grams as typed; and which line a choice belongs to
// when the text changes under it.
import { describe, expect, it } from 'vitest';
import { gramsOf, heldChoices, type NewRecipeForm, type OfferedFood, type PreviewLine } from '../../../src/services/studio/index.js';
import { amountRead, foodDetail, lineState, warningText } from '../../../src/web/studio/text-words.js';

function line(overrides: Partial<PreviewLine> = {}): PreviewLine {
  return {
    line: 1,
    input: '1 cup sugar',
    status: 'matched',
    read: { quantity: 1, quantity_max: null, unit: 'cup', size: null, name: 'sugar', comment: null },
    warnings: [],
    offered: [],
    pick: 7,
    changed: false,
    chosen: null,
    gramsTyped: '',
    grams: 200,
    unresolved: false,
    todo: null,
    q: '',
    searched: false,
    errors: [],
    ...overrides,
  };
}

const read = (r: Partial<PreviewLine['read']>) => line({ read: { ...line().read, ...r } });

describe('a line as the page says it', () => {
  it.each([
    [read({ quantity: 1, unit: 'cup' }), '1 cup'],
    [read({ quantity: 2.25, unit: 'cup' }), '2.25 cups'],
    [read({ quantity: 0.5, unit: 'cup' }), '0.5 cups'],
    [read({ quantity: 3, quantity_max: 4, unit: 'tbsp' }), '3–4 tbsp'],
    [read({ quantity: 2, unit: null, size: 'large' }), '2 large'],
    [read({ quantity: 2, unit: 'pinch' }), '2 pinches'],
    [read({ quantity: 8, unit: 'fl oz' }), '8 fl oz'],
    [read({ quantity: null, unit: null }), 'no amount'],
  ])('amountRead %#: %s', (l, text) => expect(amountRead(l)).toBe(text));

  it.each([
    [line(), 'Matched', 'ok'],
    [line({ status: 'ambiguous' }), 'Best guess: check it', 'note'],
    [line({ changed: true }), 'Your choice', 'ok'],
    [line({ status: 'unmatched', pick: null }), 'No match', 'bad'],
    [line({ status: 'no_quantity', pick: 'skip' }), 'No amount: left out', 'muted'],
    [line({ pick: 'skip', changed: true }), 'Left out', 'muted'],
    [line({ unresolved: true, changed: true }), 'Needs its grams', 'bad'],
  ])('lineState %#: %s', (l, text, kind) => expect(lineState(l)).toEqual({ text, kind }));

  const food = (o: Partial<OfferedFood>): OfferedFood => ({
    ingredient_id: 1,
    name: 'Butter, salted',
    own: false,
    grams: 227,
    unit: '1 cup',
    quantity: 1,
    origin: 'match',
    ...o,
  });
  it.each([
    [food({}), '227 g (1 × 1 cup) · library · best match'],
    [food({ own: true, origin: 'search', quantity: 0.5, grams: 113.5 }), '114 g (0.5 × 1 cup) · your ingredient · found by your search'],
    [
      food({ grams: null, unit: null, quantity: null, origin: 'alternative' }),
      'cannot weigh this amount: type the grams · library · also close',
    ],
  ])('foodDetail %#: %s', (o, text) => expect(foodDetail(o)).toBe(text));
});

describe("the parse's warnings in the page's words", () => {
  it.each([
    ['range_midpoint', 'A range: weighed at its midpoint, 3.5.', 'A range', 'Weighed at its midpoint, 3.5.'],
    [
      'assumed_size',
      'No size given: weighed as "1 medium" of Eggs (44 g each).',
      'Size assumed',
      'No size given: weighed as "1 medium" of Eggs (44 g each).',
    ],
    [
      'volume_by_density',
      'Milk has no tbsp measure; 53.37 g come from its "1 cup" (244 g).',
      'Weighed through another measure',
      'Milk has no tbsp measure; 53.37 g come from its "1 cup" (244 g).',
    ],
    [
      'excluded_no_quantity',
      'No amount ("to taste"): left out of the recipe unless chosen with grams.',
      'No amount',
      'Left out of the recipe unless you pick its food and type its grams.',
    ],
    [
      'ambiguous_match',
      '"butter" could also be Butter, salted; Butter, without salt was taken. Choose another in choices if it is wrong.',
      'Check the food',
      '"butter" could also be Butter, salted; Butter, without salt was taken. Pick another below if it is wrong.',
    ],
    [
      'no_measure',
      'Cocoa has no measure to weigh "cup" by: choose it with grams, or with a unit it has.',
      'Cannot weigh',
      'Cocoa has no measure to weigh "cup" by: pick it and type the grams.',
    ],
    [
      'no_match',
      'No food of the library is "rice vinegar" (it lacks "rice"); choose one, or skip the line.',
      'No match',
      'No food of the library is "rice vinegar" (it lacks "rice"): pick a food below, or leave the line out.',
    ],
    ['something_new', 'A new kind of note.', 'Note', 'A new kind of note.'],
  ])('%s', (code, message, lead, text) => {
    const said = warningText({ code, message });
    expect(said).toEqual({ lead, text });
    expect(said.text).not.toMatch(/\bchoices\b|\bskip the line\b/);
  });
});

describe('grams as typed', () => {
  it.each([
    ['250', 250],
    ['250,5', 250.5],
    [' 12.25 g ', 12.25],
    ['3 grams', 3],
    ['0', 0],
    ['10000000', 10_000_000],
  ])('%j is %s g', (typed, grams) => expect(gramsOf(typed)).toEqual({ grams }));
  it.each([[''], ['  ']])('%j is nothing typed', (typed) => expect(gramsOf(typed)).toEqual({}));
  it.each([['lots'], ['-5'], ['10000001'], ['1e3'], ['2 cups']])('%j is refused', (typed) =>
    expect(gramsOf(typed).error).toBe('Grams must be a number from 0 to 10,000,000.'),
  );
});

describe('which line a choice belongs to', () => {
  const form = (text: string, lines: Array<[number, { seen?: string; pick?: string }]>): NewRecipeForm => ({
    name: '',
    servings: '',
    text,
    language: 'en',
    sectionsAsSubrecipes: false,
    lines: new Map(lines),
    token: '00000000-0000-4000-8000-000000000000',
  });

  it('stays with its line while the line reads the same', () => {
    expect(heldChoices(form('1 cup sugar\n1 cup butter', [[2, { seen: '1 cup butter', pick: '5' }]]))).toEqual(
      new Map([[2, { seen: '1 cup butter', pick: '5' }]]),
    );
  });

  it('follows its line down when lines are added above it, and up when lines above are removed', () => {
    const down = heldChoices(form('1 cup flour\n\n1 cup sugar\n1 cup butter', [[2, { seen: '1 cup butter', pick: '5' }]]));
    expect([...down.keys()]).toEqual([4]);
    const up = heldChoices(form('1 cup butter', [[3, { seen: '1 cup butter', pick: '5' }]]));
    expect([...up.keys()]).toEqual([1]);
  });

  it('goes to the nearest line reading the same that has no choice of its own, and is dropped when none reads the same', () => {
    const twice = heldChoices(
      form('1 cup sugar\n1 cup sugar\n1 cup milk\n1 cup sugar', [
        [1, { seen: '1 cup sugar', pick: '1' }],
        [5, { seen: '1 cup sugar', pick: '2' }],
      ]),
    );
    expect(twice.get(1)?.pick).toBe('1');
    expect(twice.get(4)?.pick).toBe('2');
    expect(twice.has(2)).toBe(false);
    expect(heldChoices(form('1 cup milk', [[1, { seen: '1 cup butter', pick: '5' }]])).size).toBe(0);
  });

  it('applies a choice sent without the text it was made for to its line number', () => {
    expect(heldChoices(form('1 cup milk', [[1, { pick: 'skip' }]])).get(1)).toEqual({ pick: 'skip' });
  });
});
