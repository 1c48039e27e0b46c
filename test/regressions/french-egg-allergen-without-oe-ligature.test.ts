// French allergen statements printed "Oeufs"; French spells it with the ligature, "Œufs"
// (as the French text of FDR B.01.010.1 does). The heartnut's French name likewise takes "cœur".
import { describe, expect, it } from 'vitest';
import { allergenStatement, type AllergenMap } from '../../src/core/allergens.js';

describe('the Œ ligature in French allergen names', () => {
  it.each<[AllergenMap, string]>([
    [{ egg: true }, 'Contient : Œufs'],
    [{ egg: 'duck' }, 'Contient : Œufs'],
    [{ egg: true, milk: true }, 'Contient : Lait, Œufs'],
  ])('%j -> %s', (allergens, statement) => {
    expect(allergenStatement(allergens, 'fr-CA')).toBe(statement);
    expect(allergenStatement(allergens, 'fr-CA')).not.toMatch(/oe/i);
  });
});
