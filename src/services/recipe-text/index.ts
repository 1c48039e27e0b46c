// Recipes as people write them (docs/api.md#recipe-text): parse a text for an account (each line read,
// matched to the account's ingredients and the public library, and weighed; nothing written) and
// create a recipe from a text. The one entry other layers import from; the studio's "new recipe from
// text" page calls the same functions as the API.
export { weighLineWith } from './choose.js';
export { createRecipeFromText, type FromTextInput, type FromTextOutcome } from './create.js';
export { MAX_CHARACTERS, MAX_LINES, type RecipeTextInput } from './input.js';
export { parseRecipeText } from './parse.js';
export type { LineFood, LineStatus, ParsedLine, ParsedRecipeText, ParsedSection } from './types.js';
export { RECIPE_LANGUAGES } from '../../core/recipe-text/units.js';
