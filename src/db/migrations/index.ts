// Every migration, in order, for both databases. Add a feature's tables in a new numbered file and
// list it here; never edit a migration that has shipped.
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema.js';
import * as core from './001_core.js';
import * as recipes from './002_recipes.js';
import * as ingredientCosts from './005_ingredient_costs.js';
import * as limits from './006_limits.js';
import * as ingredientSearch from './007_ingredient_search.js';
import * as labelRenders from './008_label_renders.js';
import * as recipeCounts from './009_recipe_counts.js';
import * as searchIndexDirect from './010_search_index_direct.js';
import * as costVersions from './011_cost_versions.js';
import * as allergensInferred from './012_allergens_inferred.js';
import * as limitReservations from './013_limit_reservations.js';
import * as oneSubrecipePerRecipe from './014_one_subrecipe_per_recipe.js';
import * as labelRenderComplete from './017_label_render_complete.js';
import * as ingredientSearchWords from './024_ingredient_search_words.js';
import * as history from './025_history.js';
import * as costSupplier from './028_cost_supplier.js';
import * as idempotencyKeys from './029_idempotency_keys.js';
import * as sqliteSearchWords from './031_sqlite_search_words.js';
import * as searchBestClasses from './032_search_best_classes.js';
import * as postgresSearchBestClasses from './033_postgres_search_best_classes.js';
import * as sqliteSearchLibraryOnly from './034_sqlite_search_library_only.js';
import * as libraryFoods from './038_library_foods.js';
import * as ingredientSugarsBased from './040_ingredient_sugars_based.js';
import * as labelApprovalSymbols from './041_label_approval_symbols.js';
import * as importReports from './044_import_reports.js';
import * as namesInLabelLanguages from './046_names_in_label_languages.js';
import * as ingredientFlags from './047_ingredient_flags.js';
import * as searchWordsCarryCommonHead from './048_search_words_carry_common_head.js';
import * as ingredientSweeteners from './052_ingredient_sweeteners.js';
import * as sqliteLibraryVersion from './058_sqlite_library_version.js';
import * as sqliteSearchWordsGiven from './059_sqlite_search_words_given.js';

type DialectMigration = { up(db: Kysely<any>, dialect: Dialect): Promise<void> };

const MIGRATIONS: Record<string, DialectMigration> = {
  '001_core': core,
  '002_recipes': recipes,
  '005_ingredient_costs': ingredientCosts,
  '006_limits': limits,
  '007_ingredient_search': ingredientSearch,
  '008_label_renders': labelRenders,
  '009_recipe_counts': recipeCounts,
  '010_search_index_direct': searchIndexDirect,
  '011_cost_versions': costVersions,
  '012_allergens_inferred': allergensInferred,
  '013_limit_reservations': limitReservations,
  '014_one_subrecipe_per_recipe': oneSubrecipePerRecipe,
  '017_label_render_complete': labelRenderComplete,
  '024_ingredient_search_words': ingredientSearchWords,
  '025_history': history,
  '028_cost_supplier': costSupplier,
  '029_idempotency_keys': idempotencyKeys,
  '031_sqlite_search_words': sqliteSearchWords,
  '032_search_best_classes': searchBestClasses,
  '033_postgres_search_best_classes': postgresSearchBestClasses,
  '034_sqlite_search_library_only': sqliteSearchLibraryOnly,
  '038_library_foods': libraryFoods,
  '040_ingredient_sugars_based': ingredientSugarsBased,
  '041_label_approval_symbols': labelApprovalSymbols,
  '044_import_reports': importReports,
  '046_names_in_label_languages': namesInLabelLanguages,
  '047_ingredient_flags': ingredientFlags,
  '048_search_words_carry_common_head': searchWordsCarryCommonHead,
  '052_ingredient_sweeteners': ingredientSweeteners,
  '058_sqlite_library_version': sqliteLibraryVersion,
  '059_sqlite_search_words_given': sqliteSearchWordsGiven,
};

export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return Object.fromEntries(Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: (db: Kysely<any>) => m.up(db, dialect) }]));
}
