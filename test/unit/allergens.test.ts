import { describe, expect, it } from 'vitest';
import {
  ALLERGENS,
  ALLERGEN_KEYS,
  type AllergenMap,
  allergenStatement,
  allergenStatementEntries,
  mergeAllergens,
  normalizeAllergens,
} from '../../src/core/allergens.js';

function normalized(input: unknown): AllergenMap {
  const result = normalizeAllergens(input);
  if (!result.ok) throw new Error(`expected ok, got ${result.errors.join(' | ')}`);
  return result.value;
}

describe('catalogue', () => {
  it('lists the docs/labeling.md#allergen-keys keys in order', () => {
    expect(ALLERGEN_KEYS).toEqual([
      'milk',
      'egg',
      'fish',
      'crustacean_shellfish',
      'mollusc',
      'tree_nut',
      'peanut',
      'sesame',
      'wheat',
      'triticale',
      'soy',
      'mustard',
      'gluten',
      'sulphites',
      'celery',
      'lupin',
    ]);
  });

  it.each([
    ['milk', true, true],
    ['egg', true, true],
    ['fish', true, true],
    ['crustacean_shellfish', true, true],
    ['mollusc', false, true],
    ['tree_nut', true, true],
    ['peanut', true, true],
    ['sesame', true, true],
    ['wheat', true, true],
    ['soy', true, true],
    ['mustard', false, true],
    ['gluten', false, true],
    ['sulphites', false, true],
    ['celery', false, false],
    ['lupin', false, false],
  ])('%s: US major %s, Canadian priority %s', (key, us, ca) => {
    const definition = ALLERGENS.find((candidate) => candidate.key === key)!;
    expect([definition.usMajor, definition.caPriority]).toEqual([us, ca]);
  });

  it('flags the 12 Edition 5 tree nuts as US major, and coconut not', () => {
    const nuts = ALLERGENS.find((candidate) => candidate.key === 'tree_nut')!.subtypes;
    expect(nuts.filter((nut) => nut.usMajor).map((nut) => nut.key)).toEqual([
      'almond',
      'brazil_nut',
      'cashew',
      'hazelnut',
      'macadamia',
      'pecan',
      'pine_nut',
      'pistachio',
      'walnut',
      'black_walnut',
      'california_walnut',
      'heartnut',
    ]);
    expect(nuts.filter((nut) => nut.caPriority).length).toBe(12); // the 3 US walnut kinds are "walnuts" in Canada
    expect(nuts.find((nut) => nut.key === 'coconut')!.usMajor).toBe(false);
  });
});

describe('normalizeAllergens: aliases', () => {
  it.each<[string, unknown, AllergenMap]>([
    ['canonical key', { milk: true }, { milk: true }],
    ['display name Milk', { Milk: true }, { milk: true }],
    ['Eggs', { Eggs: true }, { egg: true }],
    ['Egg', { Egg: true }, { egg: true }],
    ['Fish', { Fish: true }, { fish: true }],
    ['Shellfish', { Shellfish: true }, { crustacean_shellfish: true }],
    ['Crustacean Shellfish', { 'Crustacean Shellfish': true }, { crustacean_shellfish: true }],
    ['Tree Nuts', { 'Tree Nuts': true }, { tree_nut: true }],
    ['tree_nut key', { tree_nut: true }, { tree_nut: true }],
    ['Peanuts', { Peanuts: true }, { peanut: true }],
    ['Wheat', { WHEAT: true }, { wheat: true }],
    ['Soy', { Soy: true }, { soy: true }],
    ['Soybeans', { Soybeans: true }, { soy: true }],
    ['Sesame', { sesame: true }, { sesame: true }],
    ['Mustard', { Mustard: true }, { mustard: true }],
    ['Sulphites', { Sulphites: true }, { sulphites: true }],
    ['Sulfites', { Sulfites: true }, { sulphites: true }],
    ['Gluten', { Gluten: true }, { gluten: true }],
    ['Celery', { Celery: true }, { celery: true }],
    ['Lupin', { Lupin: true }, { lupin: true }],
    ['Molluscs', { Molluscs: true }, { mollusc: true }],
    ['other-shellfish names a mollusc', { 'other-shellfish': 'Oyster' }, { mollusc: 'oyster' }],
    ['other-shellfish true', { 'other-shellfish': true }, { mollusc: true }],
    ['other-shellfish names a crustacean', { 'other-shellfish': 'Crayfish' }, { crustacean_shellfish: 'crayfish' }],
    ['other-shellfish unknown species kept', { 'other-shellfish': 'Sea Urchin' }, { mollusc: 'sea urchin' }],
    ['Almond', { Almond: true }, { tree_nut: 'almond' }],
    ['Pecans (plural)', { Pecans: true }, { tree_nut: 'pecan' }],
    ['cashew', { cashew: true }, { tree_nut: 'cashew' }],
    ['pine nut', { 'pine nut': true }, { tree_nut: 'pine_nut' }],
    ['Brazil Nuts', { 'Brazil Nuts': true }, { tree_nut: 'brazil_nut' }],
    ['filbert is hazelnut', { Filberts: true }, { tree_nut: 'hazelnut' }],
    ['Salmon', { Salmon: true }, { fish: 'salmon' }],
    ['Shrimp', { Shrimp: true }, { crustacean_shellfish: 'shrimp' }],
    ['Crab', { Crab: true }, { crustacean_shellfish: 'crab' }],
    ['Lobster', { Lobster: true }, { crustacean_shellfish: 'lobster' }],
    ['Oyster', { Oyster: true }, { mollusc: 'oyster' }],
    ['Clams', { Clams: true }, { mollusc: 'clam' }],
    ['Mussel', { Mussel: true }, { mollusc: 'mussel' }],
    ['Scallop', { Scallop: true }, { mollusc: 'scallop' }],
    ['Squid', { Squid: true }, { mollusc: 'squid' }],
    ['Barley', { Barley: true }, { gluten: 'barley' }],
    ['Rye', { Rye: true }, { gluten: 'rye' }],
    ['Oats', { Oats: true }, { gluten: 'oats' }],
    ['Goat Milk', { 'Goat Milk': true }, { milk: 'goat' }],
  ])('%s', (_label, input, expected) => {
    expect(normalizeAllergens(input)).toEqual({ ok: true, value: expected });
  });
});

describe('normalizeAllergens: values', () => {
  it.each<[string, unknown, AllergenMap]>([
    ['true', { milk: true }, { milk: true }],
    ['"true"', { milk: 'true' }, { milk: true }],
    ['"1"', { milk: '1' }, { milk: true }],
    ['1', { milk: 1 }, { milk: true }],
    ['"TRUE" with spaces', { milk: ' TRUE ' }, { milk: true }],
    ['false drops', { milk: false, egg: true }, { egg: true }],
    ['"false" drops', { milk: 'false' }, {}],
    ['"0" drops', { milk: '0' }, {}],
    ['0 drops', { milk: 0 }, {}],
    ['"" drops', { milk: '' }, {}],
    ['null drops', { milk: null }, {}],
    ['{} clears', {}, {}],
    ['species string', { fish: 'salmon' }, { fish: 'salmon' }],
    ['species list normalised', { fish: '  Tuna ,SALMON,, salmon ' }, { fish: 'salmon, tuna' }],
    ['uncatalogued species kept as text', { fish: 'Arctic  Char' }, { fish: 'arctic char' }],
    ['nut list with plurals', { tree_nut: 'Almonds, pecan' }, { tree_nut: 'almond, pecan' }],
    ['nut list as array (qs)', { tree_nut: ['almond', 'pecan'] }, { tree_nut: 'almond, pecan' }],
    ['category name inside its value', { 'Tree Nuts': 'Tree Nuts' }, { tree_nut: true }],
    ['descriptive text on a key without subtypes', { sulphites: '>=10ppm' }, { sulphites: true }],
    ['"yes" is not a species', { fish: 'yes' }, { fish: true }],
    ['lone default milk is true', { milk: 'cow' }, { milk: true }],
    ['goat milk', { milk: "goat's milk" }, { milk: 'goat' }],
  ])('%s', (_label, input, expected) => {
    expect(normalizeAllergens(input)).toEqual({ ok: true, value: expected });
  });

  it('merges several nut keys into one tree_nut value', () => {
    expect(normalized({ Almond: true, Pecan: true })).toEqual({ tree_nut: 'almond, pecan' });
    expect(normalized({ Pecan: true, 'Tree Nuts': 'almond, pecans', Cashews: 'true' })).toEqual({ tree_nut: 'almond, cashew, pecan' });
  });

  it('a generic key plus a species keeps the species', () => {
    expect(normalized({ Fish: true, Salmon: true })).toEqual({ fish: 'salmon' });
  });

  it('a false species key adds nothing', () => {
    expect(normalized({ Salmon: false, Almond: '0' })).toEqual({});
  });

  it('writes keys in canonical order', () => {
    expect(Object.keys(normalized({ Sulfites: true, Lupin: true, Peanuts: true, Milk: true, Salmon: true }))).toEqual([
      'milk',
      'fish',
      'peanut',
      'sulphites',
      'lupin',
    ]);
  });
});

describe('normalizeAllergens: errors', () => {
  it.each([
    ['a string', 'milk'],
    ['null', null],
    ['an array', ['milk']],
    ['a number', 3],
  ])('rejects %s as input', (_label, input) => {
    const result = normalizeAllergens(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual([expect.stringContaining('must be an object')]);
  });

  it('names an unknown allergen and lists the accepted keys', () => {
    const result = normalizeAllergens({ Milk: true, Kiwi: true });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toContain('"Kiwi"');
    for (const key of ALLERGEN_KEYS) expect(result.errors[0]).toContain(key);
  });

  it('reports every problem, not only the first', () => {
    const result = normalizeAllergens({ Kiwi: true, Mango: true, milk: { deep: true } });
    expect(result.ok ? [] : result.errors).toEqual([
      expect.stringContaining('"Kiwi"'),
      expect.stringContaining('"Mango"'),
      expect.stringContaining('"milk" has an invalid value'),
    ]);
  });

  it.each([
    ['an unknown nut (closed list)', { tree_nut: 'kukui' }, 'Unknown tree_nut subtype "kukui"'],
    ['an unknown gluten cereal', { gluten: 'rice' }, 'Unknown gluten subtype "rice"'],
    ['a number other than 0/1', { milk: 2 }, 'invalid value'],
    ['an over-long string', { fish: 'x'.repeat(501) }, 'longer than 500'],
  ])('rejects %s', (_label, input, message) => {
    const result = normalizeAllergens(input);
    expect(result.ok ? [] : result.errors).toEqual([expect.stringContaining(message)]);
  });

  it('accepts a 500-character value (boundary)', () => {
    expect(normalizeAllergens({ fish: 'x'.repeat(500) }).ok).toBe(true);
  });
});

describe('mergeAllergens', () => {
  it.each<[string, AllergenMap[], AllergenMap]>([
    ['nothing', [], {}],
    ['empty maps', [{}, {}], {}],
    ['union of keys, canonical order', [{ wheat: true }, { milk: true }], { milk: true, wheat: true }],
    ['subtype lists merged and sorted', [{ tree_nut: 'pecan' }, { tree_nut: 'almond, pecan' }], { tree_nut: 'almond, pecan' }],
    ['true + species -> species', [{ fish: true }, { fish: 'salmon' }], { fish: 'salmon' }],
    ['true milk + goat keeps cow', [{ milk: true }, { milk: 'goat' }], { milk: 'cow, goat' }],
    ['true egg + duck keeps chicken', [{ egg: 'duck' }, { egg: true }], { egg: 'chicken, duck' }],
    ['true + true', [{ peanut: true }, { peanut: true }], { peanut: true }],
    ['unknown keys dropped', [{ kiwi: true } as AllergenMap, { soy: true }], { soy: true }],
  ])('%s', (_label, maps, expected) => {
    expect(mergeAllergens(...maps)).toEqual(expected);
  });
});

describe('allergenStatement', () => {
  const all = normalized({
    Milk: true,
    Eggs: true,
    Wheat: true,
    Soy: true,
    Peanuts: true,
    Sesame: true,
    Salmon: true,
    Shrimp: true,
    Almond: true,
    Pecans: true,
    Oyster: true,
    Mustard: true,
    Barley: true,
    Sulfites: true,
    Celery: true,
    Lupin: true,
    Coconut: true,
  });

  it.each<[string, AllergenMap, string | null, string | null, string | null]>([
    [
      'everything',
      all,
      'Contains: Milk, Egg, Wheat, Soy, Peanuts, Sesame, Salmon, Shrimp, Almonds, Pecans',
      'Contains: Milk, Egg, Wheat, Soy, Peanuts, Sesame, Salmon, Shrimp, Oyster, Almonds, Pecans, Mustard, Barley, Sulphites',
      'Contient : Lait, Œufs, Blé, Soja, Arachides, Sésame, Saumon, Crevette, Huître, Amandes, Pacanes, Moutarde, Orge, Sulfites',
    ],
    ['milk and wheat', { milk: true, wheat: true }, 'Contains: Milk, Wheat', 'Contains: Milk, Wheat', 'Contient : Lait, Blé'],
    ['nothing', {}, null, null, null],
    ['molluscs only: Canada, not US', { mollusc: 'clam, mussel' }, null, 'Contains: Clam, Mussel', 'Contient : Palourde, Moule'],
    ['mustard only: Canada, not US', { mustard: true }, null, 'Contains: Mustard', 'Contient : Moutarde'],
    ['sulphites only: Canada, not US', { sulphites: true }, null, 'Contains: Sulphites', 'Contient : Sulfites'],
    ['celery and lupin: neither', { celery: true, lupin: true }, null, null, null],
    ['coconut: neither', { tree_nut: 'coconut' }, null, null, null],
    ['coconut beside a major nut', { tree_nut: 'coconut, walnut' }, 'Contains: Walnuts', 'Contains: Walnuts', 'Contient : Noix'],
    [
      'US-only walnut kinds are walnuts in Canada',
      { tree_nut: 'black_walnut, walnut' },
      'Contains: Black Walnuts, Walnuts',
      'Contains: Walnuts',
      'Contient : Noix',
    ],
    [
      'every Canadian nut in French',
      { tree_nut: 'almond, brazil_nut, cashew, hazelnut, macadamia, pecan, pine_nut, pistachio, walnut' },
      'Contains: Almonds, Brazil Nuts, Cashews, Hazelnuts, Macadamia Nuts, Pecans, Pine Nuts, Pistachios, Walnuts',
      'Contains: Almonds, Brazil Nuts, Cashews, Hazelnuts, Macadamia Nuts, Pecans, Pine Nuts, Pistachios, Walnuts',
      'Contient : Amandes, Noix du Brésil, Noix de cajou, Noisettes, Noix de macadamia, Pacanes, Pignons, Pistaches, Noix',
    ],
    [
      'species of fish and crustaceans',
      { fish: 'cod, tuna', crustacean_shellfish: 'crab, lobster' },
      'Contains: Cod, Tuna, Crab, Lobster',
      'Contains: Cod, Tuna, Crab, Lobster',
      'Contient : Morue, Thon, Crabe, Homard',
    ],
    [
      'molluscs in French',
      { mollusc: 'oyster, scallop, squid' },
      null,
      'Contains: Oyster, Scallop, Squid',
      'Contient : Huître, Pétoncle, Calmar',
    ],
    [
      'uncatalogued species printed as written',
      { fish: 'arctic char' },
      'Contains: Arctic Char',
      'Contains: Arctic Char',
      'Contient : Arctic char',
    ],
    [
      'fallback names when the species is unknown',
      { fish: true, crustacean_shellfish: true, tree_nut: true, mollusc: true },
      'Contains: Fish, Shellfish, Tree Nuts',
      'Contains: Fish, Crustaceans, Molluscs, Tree Nuts',
      'Contient : Poisson, Crustacés, Mollusques, Fruits à coque',
    ],
    ['goat milk names the animal in the US only', { milk: 'cow, goat' }, 'Contains: Milk, Goat Milk', 'Contains: Milk', 'Contient : Lait'],
    ['duck egg', { egg: 'duck' }, 'Contains: Duck Egg', 'Contains: Egg', 'Contient : Œufs'],
    ['wheat and gluten wheat listed once', { wheat: true, gluten: 'wheat' }, 'Contains: Wheat', 'Contains: Wheat', 'Contient : Blé'],
    [
      'gluten cereals are Canadian only',
      { gluten: 'barley, oats, rye' },
      null,
      'Contains: Barley, Oats, Rye',
      'Contient : Orge, Avoine, Seigle',
    ],
    [
      'triticale is wheat in the US, itself in Canada',
      { wheat: true, triticale: true },
      'Contains: Wheat',
      'Contains: Wheat, Triticale',
      'Contient : Blé, Triticale',
    ],
    [
      'gluten without a cereal beside wheat adds nothing',
      { wheat: 'spelt', gluten: true },
      'Contains: Wheat',
      'Contains: Wheat',
      'Contient : Blé',
    ],
    ['gluten without a cereal alone', { gluten: true }, null, 'Contains: Gluten', 'Contient : Gluten'],
    [
      'shrimp and prawn are one French name',
      { crustacean_shellfish: 'prawn, shrimp' },
      'Contains: Prawn, Shrimp',
      'Contains: Prawn, Shrimp',
      'Contient : Crevette',
    ],
  ])('%s', (_label, allergens, us, caEn, caFr) => {
    expect(allergenStatement(allergens, 'en-US')).toBe(us);
    expect(allergenStatement(allergens, 'en-CA')).toBe(caEn);
    expect(allergenStatement(allergens, 'fr-CA')).toBe(caFr);
  });

  it('the French lead has a space before the colon', () => {
    expect(allergenStatement({ milk: true, wheat: true }, 'fr-CA')).toBe('Contient : Lait, Blé');
  });

  it('reads values that were not normalised (stored strings, display spellings)', () => {
    expect(allergenStatementEntries({ tree_nut: 'Almonds, Pecans', fish: 'true' }, 'en-US')).toEqual(['Fish', 'Almonds', 'Pecans']);
  });

  it('end to end: display names in, statement out', () => {
    const allergens = mergeAllergens(normalized({ Milk: true }), normalized({ 'other-shellfish': 'Oyster', Almond: true }));
    expect(allergenStatement(allergens, 'en-US')).toBe('Contains: Milk, Almonds');
    expect(allergenStatement(allergens, 'fr-CA')).toBe('Contient : Lait, Huître, Amandes');
  });
});
