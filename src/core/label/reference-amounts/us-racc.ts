// The US reference amounts: 21 CFR 101.12(b) Table 2, Reference Amounts Customarily Consumed per Eating
// Occasion, General Food Supply (as amended by the 2016 serving-size rule, 81 FR 34000), followed by
// USDA FSIS's tables for meat and poultry (9 CFR 317.312(b), 381.412(b); us-fsis.ts) and by 101.12(b)
// Table 1, foods for infants and young children (us-racc-table1.ts). Product categories, reference
// amounts and label statements are the tables'; keys are ours. Every row names its source (`source`).
//
// Table 2, transcribed from the regulation's text: the groups a bakery's products and ingredients fall
// in (bakery products, cereals and grain products (bran, flours, starches), fats and oils, nuts and
// seeds, sugars and sweets, miscellaneous). From a secondary copy, said at those rows: mixed dishes and
// potatoes (ESHA Research's manual, below) and every other group (a third-party transcription of the
// eCFR text, us-racc-transcribed.ts). FDA's Table 2 has no meat or poultry group: those products are
// FSIS's. No row is guessed. docs/labeling.md#reference-amounts.
import {
  BAKERY,
  CEREALS,
  FATS,
  g,
  inTableOrder,
  MISC,
  MIXED,
  measure,
  NUTS,
  PIECES,
  POTATOES,
  SLICES,
  SWEETS,
  sourced,
} from './us-racc-build.js';
import type { ReferenceAmount } from './types.js';
import { US_FSIS_ROWS } from './us-fsis.js';
import { US_TABLE1_ROWS } from './us-racc-table1.js';
import { US_TRANSCRIBED_ROWS } from './us-racc-transcribed.js';

const REGULATION = '21 CFR 101.12(b) Table 2';
const ESHA_MANUAL =
  '21 CFR 101.12(b) Table 2, via a secondary copy: ESHA Research, Genesis R&D manual, pages "RACC Mixed Dishes" and "RACC Potatoes and Sweet Potatoes/Yams"';

const FROM_REGULATION: readonly ReferenceAmount[] = sourced(REGULATION, [
  g('bagels_toaster_pastries_muffins', BAKERY, 'Bagels, toaster pastries, muffins (excluding English muffins)', 110, PIECES),
  g(
    'biscuits_croissants_tortillas',
    BAKERY,
    'Biscuits, croissants, tortillas, soft bread sticks, soft pretzels, corn bread, hush puppies, scones, crumpets, English muffins',
    55,
    PIECES,
  ),
  g(
    'breads_rolls',
    BAKERY,
    'Breads (excluding sweet quick type), rolls',
    50,
    '__ piece(s) (__ g) for sliced bread and distinct pieces (e.g., rolls); 2 oz (56 g/__ inch slice) for unsliced bread',
  ),
  g('brownies', BAKERY, 'Brownies', 40, '__ piece(s) (__ g) for distinct pieces; fractional slice (__ g) for bulk'),
  g(
    'cakes_heavy',
    BAKERY,
    'Cakes, heavy weight (cheese cake; pineapple upside-down cake; fruit, nut, and vegetable cakes with more than or equal to 35 percent of the finished weight as fruit, nuts, or vegetables or any of these combined)',
    125,
    SLICES,
  ),
  g(
    'cakes_medium',
    BAKERY,
    'Cakes, medium weight (chemically leavened cake with or without icing or filling except those classified as light weight cake; fruit, nut, and vegetable cake with less than 35 percent of the finished weight as fruit, nuts, or vegetables or any of these combined; light weight cake with icing; Boston cream pie; cupcake; eclair; cream puff)',
    80,
    '__ piece(s) (__ g) for distinct pieces (e.g., cupcake); __ fractional slice (__ g) for large discrete units',
  ),
  g('cakes_light', BAKERY, 'Cakes, light weight (angel food, chiffon, or sponge cake without icing or filling)', 55, SLICES),
  g(
    'coffee_cakes_doughnuts_sweet_rolls',
    BAKERY,
    'Coffee cakes, crumb cakes, doughnuts, Danish, sweet rolls, sweet quick type breads',
    55,
    '__ piece(s) (__ g) for sliced bread and distinct pieces (e.g., doughnut); 2 oz (56 g/visual unit of measure) for bulk products (e.g., unsliced bread)',
  ),
  g('cookies', BAKERY, 'Cookies', 30, PIECES),
  g(
    'crackers_not_snacks',
    BAKERY,
    'Crackers that are usually not used as snack, melba toast, hard bread sticks, ice cream cones',
    15,
    PIECES,
  ),
  g('crackers_snacks', BAKERY, 'Crackers that are usually used as snacks', 30, PIECES),
  g('croutons', BAKERY, 'Croutons', 7, '__ tbsp(s) (__ g); __ cup(s) (__ g); __ piece(s) (__ g) for large pieces'),
  g('eggroll_dumpling_wrappers', BAKERY, 'Eggroll, dumpling, wonton, or potsticker wrappers', 20, '__ sheet (__ g); __ wrapper (__ g)'),
  g(
    'french_toast_pancakes',
    BAKERY,
    'French toast, crepes, pancakes, variety mixes',
    110,
    '__ piece(s) (__ g); __ cup(s) (__ g) for dry mix',
    'prepared; for dry variety mixes, 40 g of mix',
  ),
  g(
    'grain_based_bars',
    BAKERY,
    'Grain-based bars with or without filling or coating, e.g., breakfast bars, granola bars, rice cereal bars',
    40,
    PIECES,
  ),
  g('pies_pastries', BAKERY, 'Pies, cobblers, fruit crisps, turnovers, other pastries', 125, SLICES),
  g(
    'pie_crust_pastry_sheets',
    BAKERY,
    'Pie crust, pie shells, pastry sheets (e.g., phyllo, puff pastry sheets)',
    null,
    '__ fractional slice(s) (__ g) for large discrete units; __ shells (__ g); __ fractional __ sheet(s) (__ g) for distinct pieces',
    'the allowable declaration closest to an 8 square inch surface area: no fixed weight; set racc_grams',
  ),
  g('pizza_crust', BAKERY, 'Pizza crust', 55, '__ fractional slice (__ g)'),
  g('taco_shells', BAKERY, 'Taco shells, hard', 30, '__ shell(s) (__ g)'),
  g('waffles', BAKERY, 'Waffles', 85, PIECES),

  g('bran_wheat_germ', CEREALS, 'Bran or wheat germ', 15, '__ tbsp(s) (__ g); __ cup(s) (__ g)'),
  g('flours_cornmeal', CEREALS, 'Flours or cornmeal', 30, '__ tbsp(s) (__ g); __ cup(s) (__ g)'),
  g('starches', CEREALS, 'Starches, e.g., cornstarch, potato starch, tapioca, etc.', 10, '__ tbsp (__ g)'),

  measure('butter_margarine_oil_shortening', FATS, 'Butter, margarine, oil, shortening', '1 tbsp', 15, '1 tbsp (__ g); 1 tbsp (15 mL)'),
  g('butter_replacement_powder', FATS, 'Butter replacement, powder', 2, '__ tsp(s) (__ g)'),
  g('salad_dressings', FATS, 'Dressings for salads', 30, '__ tbsp (__ g); __ tbsp (__ mL)'),
  g('mayonnaise_spreads', FATS, 'Mayonnaise, sandwich spreads, mayonnaise-type dressings', 15, '__ tbsp (__ g)'),
  g('spray_fats', FATS, 'Spray types', 0.25, 'About __ seconds spray (__ g)'),

  g(
    'nuts_seeds',
    NUTS,
    'Nuts, seeds, and mixtures, all types: sliced, chopped, slivered, and whole',
    30,
    '__ piece(s) (__ g) for large pieces (e.g., unshelled nuts); __ tbsp(s) (__ g); __ cup(s) (__ g) for small pieces (e.g., peanuts, sunflower seeds)',
  ),
  measure('nut_seed_butters', NUTS, 'Nut and seed butters, pastes, or creams', '2 tbsp', 30, '2 tbsp (__ g)'),
  g('coconut_nut_seed_flours', NUTS, 'Coconut, nut and seed flours', 15, '__ tbsp(s) (__ g); __ cup (__ g)'),

  g(
    'baking_candies',
    SWEETS,
    'Baking candies (e.g., chips)',
    15,
    '__ piece(s) (__ g) for large pieces; __ tbsp(s) (__ g) for small pieces; 1/2 oz (14 g/visual unit of measure) for bulk products',
  ),
  g('after_dinner_confectioneries', SWEETS, 'After-dinner confectioneries', 10, PIECES),
  g('hard_candies_breath_mints', SWEETS, 'Hard candies, breath mints', 2, PIECES),
  g('hard_candies_roll_type', SWEETS, 'Hard candies, roll-type, mini-size in dispenser packages', 5, PIECES),
  g(
    'hard_candies_other',
    SWEETS,
    'Hard candies, others; powdered candies, liquid candies',
    15,
    '__ piece(s) (__ g) for large pieces; __ tbsp(s) (__ g) for "mini-size" candies measurable by tablespoon; __ straw(s) (__ g) for powdered candies; __ wax bottle(s) (__ mL) for liquid candies; 1/2 oz (14 g/visual unit of measure) for bulk products',
    '15 mL for liquid candies; 15 g for all others',
  ),
  // The third-party transcription of Table 2 (us-racc-transcribed.ts) gives the bulk statement as
  // "1 oz (30g/visual unit)"; kept as transcribed from the regulation until the eCFR text is re-read.
  g('candies_other', SWEETS, 'All other candies', 30, '__ piece(s) (__ g); 1 1/2 oz (42 g/visual unit of measure) for bulk products'),
  g('confectioners_sugar', SWEETS, "Confectioner's sugar", 30, '__ cup (__ g)'),
  measure(
    'honey_jams_jellies_molasses',
    SWEETS,
    'Honey, jams, jellies, fruit butter, molasses, fruit pastes, fruit chutneys',
    '1 tbsp',
    15,
    '1 tbsp (__ g); 1 tbsp (15 mL)',
  ),
  g('marshmallows', SWEETS, 'Marshmallows', 30, '__ cup(s) (__ g) for small pieces; __ piece(s) (__ g) for large pieces'),
  // The third-party transcription of Table 2 (us-racc-transcribed.ts) lists sugar at 4 g, then sets 8 g
  // in a later "correction" that cites nothing; 4 g (1 tsp) is kept, as transcribed from the regulation.
  g(
    'sugar',
    SWEETS,
    'Sugar',
    4,
    '__ tsp (__ g); __ piece(s) (__ g) for discrete pieces (e.g., sugar cubes, individually packaged products)',
  ),
  g(
    'sugar_substitutes',
    SWEETS,
    'Sugar substitutes',
    null,
    '__ tsp(s) (__ g) for solids; __ drop(s) (__ g) for liquid; __ piece(s) (__ g) (e.g., individually packaged products)',
    'an amount equivalent to one reference amount for sugar in sweetness: set racc_grams',
  ),
  measure('syrups', SWEETS, 'Syrups', '2 tbsp', 30, '2 tbsp (30 mL)', '30 mL for all syrups'),

  g('baking_powder_soda_pectin', MISC, 'Baking powder, baking soda, pectin', 0.6, '__ tsp (__ g)'),
  measure(
    'baking_decorations',
    MISC,
    'Baking decorations, e.g., colored sugars and sprinkles for cookies, cake decorations',
    '1 tsp',
    5,
    '__ piece(s) (__ g) for discrete pieces; 1 tsp (__ g)',
    '1 tsp, or 4 g if not measurable by teaspoon',
  ),
  g('batter_mixes_bread_crumbs', MISC, 'Batter mixes, bread crumbs', 30, '__ tbsp(s) (__ g); __ cup(s) (__ g)'),
  g('chewing_gum', MISC, 'Chewing gum', 3, PIECES),
  measure('cocoa_carob_powder', MISC, 'Cocoa powder, carob powder, unsweetened', '1 tbsp', 15, '1 tbsp (__ g)'),
  measure('cooking_wine', MISC, 'Cooking wine', '2 tbsp', 30, '2 tbsp (30 mL)', '30 mL'),
  g(
    'salad_potato_toppers',
    MISC,
    'Salad and potato toppers, e.g., salad crunchies, salad crispins, substitutes for bacon bits',
    7,
    '__ tbsp(s) (__ g)',
  ),
  measure(
    'salt_seasoning_salts',
    MISC,
    'Salt, salt substitutes, seasoning salts (e.g., garlic salt)',
    '1/4 tsp',
    1.25,
    '1/4 tsp (__ g); __ piece(s) (__ g) for discrete pieces (e.g., individually packaged products)',
  ),
]);

const FROM_ESHA_MANUAL: readonly ReferenceAmount[] = sourced(ESHA_MANUAL, [
  // Mixed dishes and potatoes: transcribed from a secondary copy, ESHA Research's Genesis R&D manual
  // pages "RACC Mixed Dishes" and "RACC Potatoes and Sweet Potatoes/Yams" (which cite FDA's RACC
  // guidance, ucm513820); the regulation's own text of these rows was not reachable. The same manual's
  // bakery, nuts and seeds, sugars and sweets and miscellaneous pages agree with the rows above. A row
  // whose amount depends on the product ("add 35 g for products with gravy or sauce topping") is split
  // into one key per case. docs/labeling.md#reference-amounts.
  g(
    'mixed_dishes_appetizers',
    MIXED,
    "Appetizers, hors d'oeuvres, mini mixed dishes, e.g., mini bagel pizzas, breaded mozzarella sticks, egg rolls, dumplings, potstickers, wontons, mini quesadillas, mini quiches, mini sandwiches, mini pizza rolls, potato skins",
    85,
    PIECES,
    'without gravy or sauce topping',
  ),
  g(
    'mixed_dishes_appetizers_with_sauce',
    MIXED,
    "Appetizers, hors d'oeuvres, mini mixed dishes, with gravy or sauce topping",
    120,
    PIECES,
    '85 g, add 35 g for products with gravy or sauce topping',
  ),
  measure(
    'mixed_dishes_measurable_with_cup',
    MIXED,
    'Mixed dishes measurable with cup, e.g., casseroles, hash, macaroni and cheese, pot pies, spaghetti with sauce, stews, etc.',
    '1 cup',
    240,
    '1 cup (__ g)',
    '1 cup = 240 mL (21 CFR 101.9(b)(5)(viii))',
  ),
  g(
    'mixed_dishes_not_measurable_with_cup',
    MIXED,
    'Mixed dishes not measurable with cup, e.g., burritos, egg rolls, enchiladas, pizza, pizza rolls, quiche, all types of sandwiches',
    140,
    '__ piece(s) (__ g) for discrete pieces; __ fractional slice (__ g) for large discrete units',
    'without gravy or sauce topping (pizza sauce is part of the pizza, not a sauce topping)',
  ),
  g(
    'mixed_dishes_not_measurable_with_cup_with_sauce',
    MIXED,
    'Mixed dishes not measurable with cup, with gravy or sauce topping, e.g., enchilada with cheese sauce, crepe with white sauce',
    195,
    '__ piece(s) (__ g) for discrete pieces; __ fractional slice (__ g) for large discrete units',
    '140 g, add 55 g for products with gravy or sauce topping',
  ),

  g(
    'potatoes_fries_prepared',
    POTATOES,
    'French fries, hash browns, skins, or pancakes (prepared)',
    70,
    '__ piece(s) (__ g) for large distinct pieces (e.g., patties, skins); 2.5 oz (70 g/__ pieces) for prepared fries',
    '70 g prepared',
  ),
  g(
    'potatoes_fries_frozen_unprepared',
    POTATOES,
    'French fries, frozen, unprepared',
    85,
    '3 oz (84 g/__ pieces) for unprepared fries',
    '85 g for frozen unprepared French fries',
  ),
  g(
    'potatoes_mashed_candied_stuffed',
    POTATOES,
    'Potatoes and sweet potatoes/yams: mashed, candied, stuffed, or with sauce',
    140,
    '__ piece(s) (__ g) for discrete pieces (e.g., stuffed potato); __ cup(s) (__ g)',
  ),
  g(
    'potatoes_plain_fresh_frozen',
    POTATOES,
    'Potatoes and sweet potatoes/yams: plain, fresh or frozen',
    110,
    '__ piece(s) (__ g) for discrete pieces; __ cup(s) (__ g) for sliced or chopped products',
    '110 g for fresh or frozen; 125 g for vacuum packed; 160 g for canned in liquid',
  ),
  g(
    'potatoes_plain_vacuum_packed',
    POTATOES,
    'Potatoes and sweet potatoes/yams: plain, vacuum packed',
    125,
    '__ piece(s) (__ g) for discrete pieces; __ cup(s) (__ g) for sliced or chopped products',
    '110 g for fresh or frozen; 125 g for vacuum packed; 160 g for canned in liquid',
  ),
  g(
    'potatoes_plain_canned',
    POTATOES,
    'Potatoes and sweet potatoes/yams: plain, canned in liquid',
    160,
    '__ piece(s) (__ g) for discrete pieces; __ cup(s) (__ g) for sliced or chopped products',
    '110 g for fresh or frozen; 125 g for vacuum packed; 160 g for canned in liquid',
  ),
]);

export const US_REFERENCE_AMOUNTS: readonly ReferenceAmount[] = inTableOrder([
  ...FROM_REGULATION,
  ...FROM_ESHA_MANUAL,
  ...US_TRANSCRIBED_ROWS,
  ...US_FSIS_ROWS,
  ...US_TABLE1_ROWS,
]);
