// Allergens (docs/labeling.md#allergens, docs/api.md#allergens): catalogue, input normalisation, recipe union and the
// "Contains" statements. The parts live in src/core/allergens/; this file is the one import point.
export {
  ALLERGENS,
  ALLERGEN_KEYS,
  allergenDefinition,
  type AllergenDefinition,
  type AllergenKey,
  type AllergenSubtype,
  type DeclaredNames,
} from './allergens/catalogue.js';
export type { AllergenMap } from './allergens/values.js';
export {
  mergeAllergens,
  normalizeAllergens,
  resolveAllergenName,
  type NormalizeAllergensResult,
} from './allergens/normalize.js';
export { allergenStatement, allergenStatementEntries } from './allergens/statement.js';
