// An ingredient's own list read as its ingredients (src/core/recipe/ingredient-list.ts), and what a
// compound ingredient is in a statement (21 CFR 101.4(b)(2); Regulation (EU) 1169/2011 Annex VII Part E;
// FSANZ 1.2.4; FDR B.01.008.1): its name, then its ingredients in parentheses in their own order. Hostile
// lists are read in one pass, nested at most MAX_DEPTH deep, at most MAX_PARTS entries.
import { describe, expect, it } from 'vitest';
import { compoundEntry, listText, MAX_DEPTH, MAX_PARTS, parseIngredientList, partText } from '../../../src/core/recipe/ingredient-list.js';

describe('parseIngredientList', () => {
  it.each([
    ['sugar, chocolate, cocoa butter', [{ text: 'sugar' }, { text: 'chocolate' }, { text: 'cocoa butter' }]],
    [
      'chips (sugar, chocolate (cocoa mass, sugar))',
      [{ text: 'chips', parts: [{ text: 'sugar' }, { text: 'chocolate', parts: [{ text: 'cocoa mass' }, { text: 'sugar' }] }] }],
    ],
    ['chocolate (70% cocoa) chips, salt', [{ text: 'chocolate', parts: [{ text: '70% cocoa' }], after: 'chips' }, { text: 'salt' }]],
    ['x [y, z]', [{ text: 'x', parts: [{ text: 'y' }, { text: 'z' }] }]],
    ['a (b', [{ text: 'a', parts: [{ text: 'b' }] }]],
    ['a) b, c', [{ text: 'a) b' }, { text: 'c' }]],
    [' , ,a,,  b  c ', [{ text: 'a' }, { text: 'b c' }]],
    ['a (b) (c), d', [{ text: 'a', parts: [{ text: 'b' }], after: '(c)' }, { text: 'd' }]],
  ])('%j', (list, parts) => {
    expect(parseIngredientList(list)).toEqual(parts);
  });

  it(`keeps brackets deeper than ${MAX_DEPTH} as text, and a list of more than ${MAX_PARTS} entries unread`, () => {
    const deep = `${'('.repeat(50)}x${')'.repeat(50)}`;
    const parsed = parseIngredientList(deep);
    let depth = 0;
    for (let p = parsed?.[0]; p?.parts; p = p.parts[0]) depth++;
    expect(depth).toBe(MAX_DEPTH);
    expect(parseIngredientList('a,'.repeat(MAX_PARTS + 1))).toBeNull();
    expect(parseIngredientList('a,'.repeat(MAX_PARTS - 1))).toHaveLength(MAX_PARTS - 1);
  });

  it('reads a list of 25,000 open brackets, each after an entry, as text past the depth bound', () => {
    const hostile = `${'(a, '.repeat(25_000)}${')'.repeat(25_000)}`;
    const parsed = parseIngredientList(hostile);
    expect(parsed?.[0]?.text).toBe('');
  });
});

describe('compoundEntry: what an ingredient with its own list is in a statement (21 CFR 101.4(b)(2))', () => {
  it.each([
    ['Chocolate chips', 'sugar, chocolate, milkfat', 'Chocolate chips (sugar, chocolate, milkfat)'],
    // The form written before compound ingredients were read: the whole entry, name included.
    ['Chips', 'Chocolate chips (sugar, chocolate)', 'Chocolate chips (sugar, chocolate)'],
    // One plain entry is the name the statement prints.
    ['Sugar', 'cane sugar', 'cane sugar'],
    ['Flour', 'wheat flour, niacin, reduced iron', 'Flour (wheat flour, niacin, reduced iron)'],
  ])('%s with list %j prints %j', (name, list, printed) => {
    const entry = compoundEntry(name, list);
    expect(entry && partText(entry)).toBe(printed);
  });

  it('has no entry for a blank list', () => {
    expect(compoundEntry('Sugar', '  ')).toBeNull();
    expect(compoundEntry('Sugar', null)).toBeNull();
  });

  it('prints a list as it reads it', () => {
    const list = 'a, b (c, d (e)), f';
    expect(listText(parseIngredientList(list) ?? [])).toBe(list);
  });
});
