// 21 CFR 101.12(b) Table 2, the groups whose regulation text was not reachable, taken from a SECONDARY
// copy: a third-party transcription of Table 2 that says it was fetched from the eCFR on 2026-04-06
// (a Python data file in a public repository). Its facts (product categories, reference amounts, label
// statements) are written down here in our own structure; docs/labeling.md#reference-amounts says the same.
//
// How far it can be trusted, checked before use:
// - Every row our table had from other sources (bakery, bran/flours/starches, fats and oils, nuts and
//   seeds, sugars and sweets, miscellaneous, mixed dishes, potatoes) agrees with it in product category
//   and reference amount, except two kept as they were (us-racc.ts, at the rows): sugar (its row says
//   4 g, then a later "correction" in the same file sets 8 g with no source; we keep 4 g) and the bulk
//   label statement of "All other candies" (it gives "1 oz (30g/visual unit)", we keep "1 1/2 oz (42 g/
//   visual unit of measure)"). Where the table states a household measure ("1 tbsp") the copy also
//   stores a gram estimate of its own (butter 14 g, honey 21 g, cocoa 5 g, salt 1.5 g): not the table's,
//   and not taken.
// - It abridges: several label statements drop "(__ g)" or examples, and rows are missing (it has no
//   "Baking decorations" and no "Sugar substitutes", which the regulation's text has, and no meat and
//   poultry group at all). Categories and label statements are as the copy words them.
// - Spot checks against the 2016 serving-size rule (81 FR 34000) agree: beverages 360 mL, yogurt 170 g,
//   ice cream 2/3 cup, milk 240 mL, ready-to-eat cereals 15 / 40 / 60 g, watermelon 280 g.
//
// Conventions as in us-racc.ts: a row whose amount depends on the product ("85 g fresh or frozen; 95 g
// vacuum packed; ...") is one key per case; an amount "to make" a prepared amount has no fixed weight
// (amount null, note says what to set).
import {
  BEVERAGES,
  CEREALS,
  DAIRY,
  DESSERT_TOPPINGS,
  DESSERTS,
  EGGS,
  FISH,
  FRUITS,
  g,
  LEGUMES,
  MISC,
  measure,
  ml,
  PIECES,
  SALADS,
  SAUCES,
  SNACKS,
  SOUPS,
  sourced,
  VEGETABLES,
} from './us-racc-build.js';
import type { ReferenceAmount } from './types.js';

const TRANSCRIPTION = '21 CFR 101.12(b) Table 2, via a secondary copy: a third-party transcription of the eCFR text (fetched 2026-04-06)';

const CUPS = '__ cup(s) (__ g)';
const CUP = '__ cup (__ g)';
const FRESH_FROZEN_CANNED_VEG =
  '85 g for fresh or frozen; 95 g for vacuum packed; 130 g for canned in liquid, cream-style corn, canned or stewed tomatoes, pumpkin, or winter squash';
const VEG_STATEMENT = '__ piece(s) for large pieces; __ cup(s) for small pieces; 3 oz visual unit';
const BEANS = '130 g for beans in sauce or canned in liquid and refried beans prepared; 90 g for others prepared; 35 g dry';

export const US_TRANSCRIBED_ROWS: readonly ReferenceAmount[] = sourced(TRANSCRIPTION, [
  ml(
    'carbonated_noncarbonated_beverages',
    BEVERAGES,
    'Carbonated and noncarbonated beverages, wine coolers, water',
    360,
    '12 fl oz (360 mL)',
  ),
  ml('coffee_tea_flavored_sweetened', BEVERAGES, 'Coffee or tea, flavored and sweetened', 360, '12 fl oz (360 mL)', '360 mL prepared'),

  measure(
    'hot_cereal_prepared',
    CEREALS,
    'Breakfast cereals (hot cereal type), hominy grits: prepared',
    '1 cup',
    240,
    CUPS,
    '1 cup prepared; 40 g plain dry cereal; 55 g flavored, sweetened dry cereal',
  ),
  g(
    'hot_cereal_plain_dry',
    CEREALS,
    'Breakfast cereals (hot cereal type), hominy grits: plain, dry',
    40,
    CUPS,
    '1 cup prepared; 40 g plain dry cereal; 55 g flavored, sweetened dry cereal',
  ),
  g(
    'hot_cereal_flavored_dry',
    CEREALS,
    'Breakfast cereals (hot cereal type), hominy grits: flavored, sweetened, dry',
    55,
    CUPS,
    '1 cup prepared; 40 g plain dry cereal; 55 g flavored, sweetened dry cereal',
  ),
  g(
    'rte_cereal_under_20g_per_cup',
    CEREALS,
    'Breakfast cereals, ready-to-eat, weighing less than 20 g per cup (e.g., plain puffed cereal grains)',
    15,
    CUPS,
  ),
  g(
    'rte_cereal_20_to_43g_per_cup',
    CEREALS,
    'Breakfast cereals, ready-to-eat, weighing 20 g or more but less than 43 g per cup; high fiber cereals containing 28 g or more of fiber per 100 g',
    40,
    CUPS,
  ),
  g(
    'rte_cereal_43g_or_more_per_cup',
    CEREALS,
    'Breakfast cereals, ready-to-eat, weighing 43 g or more per cup; biscuit types',
    60,
    '__ piece(s) (__ g) for large distinct pieces; __ cup(s) (__ g) for others',
  ),
  g('grains_plain_prepared', CEREALS, 'Grains, e.g., rice, barley, plain: prepared', 140, CUPS, '140 g prepared; 45 g dry'),
  g('grains_plain_dry', CEREALS, 'Grains, e.g., rice, barley, plain: dry', 45, CUPS, '140 g prepared; 45 g dry'),
  g(
    'pasta_plain_prepared',
    CEREALS,
    'Pastas, plain: prepared',
    140,
    '__ cup(s) (__ g); __ piece(s) for large pieces',
    '140 g prepared; 55 g dry',
  ),
  g('pasta_plain_dry', CEREALS, 'Pastas, plain: dry', 55, '__ cup(s) (__ g); __ piece(s) for large pieces', '140 g prepared; 55 g dry'),
  g('pasta_dry_ready_to_eat', CEREALS, 'Pastas, dry, ready-to-eat, e.g., fried canned chow mein noodles', 25, CUPS),
  g('stuffing', CEREALS, 'Stuffing', 100, CUPS),

  g('cheese_cottage', DAIRY, 'Cheese, cottage', 110, CUP),
  g('cheese_as_ingredient', DAIRY, 'Cheese used primarily as ingredients, e.g., dry cottage cheese, ricotta cheese', 55, CUP),
  g('cheese_grated_hard', DAIRY, 'Cheese, grated hard, e.g., Parmesan, Romano', 5, '__ tbsp (__ g)'),
  g(
    'cheese_other',
    DAIRY,
    'Cheese, all others except those listed as separate categories, includes cream cheese and cheese spread',
    30,
    '__ piece(s) (__ g) for distinct pieces; __ tbsp(s) for cream cheese; 1 oz (28 g/visual unit) for bulk',
  ),
  ml('cream_fluid', DAIRY, 'Cream or cream substitutes, fluid', 15, '1 tbsp (15 mL)'),
  g('cream_powder', DAIRY, 'Cream or cream substitutes, powder', 2, '__ tsp (__ g)'),
  ml('cream_half_and_half', DAIRY, 'Cream, half & half', 30, '2 tbsp (30 mL)'),
  ml('eggnog', DAIRY, 'Eggnog', 120, '1/2 cup (120 mL); 4 fl oz (120 mL)'),
  ml('milk_condensed', DAIRY, 'Milk, condensed, undiluted', 30, '2 tbsp (30 mL)'),
  ml('milk_evaporated', DAIRY, 'Milk, evaporated, undiluted', 30, '2 tbsp (30 mL)'),
  ml(
    'milk_beverages',
    DAIRY,
    'Milk, milk-substitute beverages, milk-based drinks, e.g., instant breakfast, meal replacement, cocoa, soy beverage',
    240,
    '1 cup (240 mL); 8 fl oz (240 mL)',
  ),
  ml('shakes', DAIRY, 'Shakes or shake substitutes, e.g., dairy shake mixes, fruit frost mixes', 240, '1 cup (240 mL); 8 fl oz (240 mL)'),
  g('sour_cream', DAIRY, 'Sour cream', 30, '__ tbsp (__ g)'),
  g('yogurt', DAIRY, 'Yogurt', 170, CUP),

  measure(
    'ice_cream_frozen_desserts',
    DESSERTS,
    'Ice cream, frozen yogurt, sherbet, frozen flavored and sweetened ice and pops, frozen fruit juices: all types bulk and novelties',
    '2/3 cup',
    160,
    '2/3 cup (__ g); __ piece(s) for individually wrapped products',
    '2/3 cup, includes the volume for coatings and wafers',
  ),
  measure('sundae', DESSERTS, 'Sundae', '1 cup', 240, '1 cup (__ g)'),
  measure(
    'custards_gelatin_pudding',
    DESSERTS,
    'Custards, gelatin, or pudding',
    '1/2 cup',
    120,
    '__ piece(s) (__ g) for distinct unit; 1/2 cup (__ g) for bulk',
    '1/2 cup prepared',
  ),
  g(
    'custards_gelatin_pudding_dry_mix',
    DESSERTS,
    'Custards, gelatin, or pudding: dry mix',
    null,
    '__ piece(s) (__ g) for distinct unit; 1/2 cup (__ g) for bulk',
    'the amount of dry mix to make 1/2 cup prepared: no fixed weight; set racc_grams',
  ),

  measure('cake_frostings_icings', DESSERT_TOPPINGS, 'Cake frostings or icings', '2 tbsp', 30, '__ tbsp(s) (__ g)'),
  measure(
    'dessert_toppings_other',
    DESSERT_TOPPINGS,
    'Other dessert toppings, e.g., fruits, syrups, spreads, marshmallow cream, nuts, dairy and non-dairy whipped toppings',
    '2 tbsp',
    30,
    '2 tbsp (__ g); 2 tbsp (30 mL)',
  ),
  g('pie_fillings', DESSERT_TOPPINGS, 'Pie fillings', 85, CUPS),

  g(
    'egg_mixtures',
    EGGS,
    'Egg mixtures, e.g., egg foo young, scrambled eggs, omelets',
    110,
    '__ piece(s) (__ g) for discrete pieces; __ cup(s) (__ g)',
  ),
  g('eggs', EGGS, 'Eggs (all sizes)', 50, '1 large, medium, etc. (__ g)'),
  g(
    'egg_whites_substitutes',
    EGGS,
    'Egg whites, sugared eggs, sugared egg yolks, and egg substitutes (fresh, frozen, dried)',
    null,
    '__ cup(s) (__ g); __ cup(s) (__ mL)',
    'an amount to make 1 large (50 g) egg: no fixed weight; set racc_grams',
  ),

  g(
    'bacon_substitutes_anchovies_caviar',
    FISH,
    'Bacon substitutes, canned anchovies, anchovy pastes, caviar',
    15,
    '__ piece(s) (__ g) for discrete pieces; __ tbsp(s) for others',
  ),
  g('dried_fish_meat_jerky', FISH, 'Dried fish/meat, e.g., jerky', 30, PIECES),
  g(
    'fish_entrees_with_sauce',
    FISH,
    'Fish/shellfish entrees with sauce',
    140,
    '__ cup(s) (__ g); 5 oz (140 g/visual unit) if not measurable by cup',
    '140 g cooked',
  ),
  g(
    'fish_entrees_without_sauce_cooked',
    FISH,
    'Fish/shellfish entrees without sauce (plain or fried fish/shellfish, fish cake): cooked',
    85,
    '__ piece(s) (__ g) for discrete pieces; __ cup(s) (__ g); 3 oz visual unit',
    '85 g cooked; 110 g uncooked',
  ),
  g(
    'fish_entrees_without_sauce_uncooked',
    FISH,
    'Fish/shellfish entrees without sauce (plain or fried fish/shellfish, fish cake): uncooked',
    110,
    '__ piece(s) (__ g) for discrete pieces; __ cup(s) (__ g); 3 oz visual unit',
    '85 g cooked; 110 g uncooked',
  ),
  g('fish_canned', FISH, 'Fish, shellfish, or game meat, canned', 85, '__ piece(s) (__ g); __ cup(s) (__ g); 3 oz (85 g/__ cup)'),
  g(
    'substitutes_luncheon_meat_sausages_seafood',
    FISH,
    'Substitute for luncheon meat, meat spreads, Canadian bacon, sausages, frankfurters, and seafood',
    55,
    '__ piece(s) (__ g) for distinct pieces; __ cup(s) (__ g); 2 oz visual unit',
  ),
  g(
    'fish_smoked_pickled_spreads',
    FISH,
    'Smoked or pickled fish/shellfish/game meat; fish or shellfish spread',
    55,
    '__ piece(s) (__ g) for distinct pieces; __ cup(s) (__ g); 2 oz visual unit',
  ),

  g('fruit_candied_pickled', FRUITS, 'Candied or pickled fruit', 30, PIECES),
  g('fruit_dried', FRUITS, 'Dried fruit', 40, '__ piece(s) for large pieces; __ cup(s) for small pieces'),
  g('fruit_garnish', FRUITS, 'Fruits for garnish or flavor, e.g., maraschino cherries', 4, '1 cherry (__ g); __ piece(s) (__ g)'),
  g('fruit_relishes', FRUITS, 'Fruit relishes, e.g., cranberry sauce, cranberry relish', 70, CUPS),
  g(
    'avocado',
    FRUITS,
    'Fruits used primarily as ingredients, avocado',
    50,
    'see the footnote to Table 2',
    'the secondary copy gives no text for the footnote the table refers to',
  ),
  g(
    'fruit_as_ingredient_other',
    FRUITS,
    'Fruits used primarily as ingredients, others (cranberries, lemon, lime)',
    50,
    '__ piece(s) for large fruits; __ cup(s) for small fruits',
  ),
  g(
    'watermelon',
    FRUITS,
    'Watermelon',
    280,
    'see the footnote to Table 2',
    'the secondary copy gives no text for the footnote the table refers to',
  ),
  g(
    'fruit_other',
    FRUITS,
    'All other fruits (fresh, canned or frozen), not listed separately',
    140,
    '__ piece(s) for large fruits; __ cup(s) for small fruits',
  ),
  ml('juices_nectars_fruit_drinks', FRUITS, 'Juices, nectars, fruit drinks', 240, '8 fl oz (240 mL)'),
  ml('juices_as_ingredient', FRUITS, 'Juices used as ingredients, e.g., lemon juice, lime juice', 5, '1 tsp (5 mL)'),

  g('tofu_tempeh', LEGUMES, 'Tofu, tempeh', 85, '__ piece(s) (__ g) for discrete pieces; 3 oz (84 g/visual unit) for bulk'),
  g(
    'beans_in_sauce_canned_refried',
    LEGUMES,
    'Beans, plain or in sauce: beans in sauce or canned in liquid, and refried beans, prepared',
    130,
    CUP,
    BEANS,
  ),
  g('beans_other_prepared', LEGUMES, 'Beans, plain or in sauce: others, prepared', 90, CUP, BEANS),
  g('beans_dry', LEGUMES, 'Beans, plain or in sauce: dry', 35, CUP, BEANS),

  measure(
    'seasoning_pastes',
    MISC,
    'Seasoning pastes (e.g., garlic paste, ginger paste, curry paste, miso paste)',
    '1 tsp',
    5,
    '1 tsp (__ g)',
  ),
  measure(
    'spices_herbs',
    MISC,
    'Spices, herbs (other than dietary supplements)',
    '1/4 tsp',
    1.25,
    '1/4 tsp (__ g)',
    '1/4 tsp, or 0.5 g if not measurable by teaspoon',
  ),

  g('gelatin_salad', SALADS, 'Gelatin salad', 120, CUP),
  g('pasta_potato_salad', SALADS, 'Pasta or potato salad', 140, CUPS),
  g('salads_other', SALADS, 'All other salads (e.g., egg, fish, shellfish, bean, fruit, vegetable salads)', 100, CUPS),

  measure(
    'dips_dipping_sauces',
    SAUCES,
    'Barbecue sauce, hollandaise, tartar sauce, tomato chili sauce, other dipping sauces, all dips (bean, dairy-based, salsa)',
    '2 tbsp',
    30,
    '2 tbsp (__ g); 2 tbsp (30 mL)',
  ),
  g('major_entree_sauces', SAUCES, 'Major main entree sauces, e.g., spaghetti sauce', 125, '__ cup (__ g); __ cup (__ mL)'),
  measure(
    'minor_entree_sauces_toppings',
    SAUCES,
    'Minor main entree sauces (pizza sauce, pesto, Alfredo), other sauces as toppings (gravy, white sauce, cheese sauce), cocktail sauce',
    '1/4 cup',
    60,
    '1/4 cup (__ g); 1/4 cup (60 mL)',
  ),
  measure(
    'major_condiments',
    SAUCES,
    'Major condiments, e.g., catsup, steak sauce, soy sauce, vinegar, teriyaki sauce, marinades',
    '1 tbsp',
    15,
    '1 tbsp (__ g); 1 tbsp (15 mL)',
  ),
  measure(
    'minor_condiments',
    SAUCES,
    'Minor condiments, e.g., horseradish, hot sauces, mustards, Worcestershire sauce',
    '1 tsp',
    5,
    '1 tsp (__ g); 1 tsp (5 mL)',
  ),

  g(
    'snacks',
    SNACKS,
    'All varieties of snacks: chips, pretzels, popcorn, extruded snacks, fruit and vegetable-based snacks, grain-based snack mixes',
    30,
    '__ cup for small pieces (e.g., popcorn); __ piece(s) for large pieces; 1 oz (28 g/visual unit) for bulk',
  ),

  g('soups', SOUPS, 'All soup varieties', 245, '__ cup (__ g); __ cup (__ mL)'),
  g(
    'soup_dry_mixes_bouillon',
    SOUPS,
    'Dry soup mixes, bouillon',
    null,
    '__ cup (__ g); __ cup (__ mL)',
    'an amount to make 245 g prepared: no fixed weight; set racc_grams',
  ),

  g(
    'dried_vegetables',
    VEGETABLES,
    'Dried vegetables, dried tomatoes, sun-dried tomatoes, dried mushrooms, dried seaweed',
    5,
    '__ piece(s); 1/3 cup (__ g)',
    '5 g; add 5 g for products packaged in oil',
  ),
  g(
    'dried_vegetables_in_oil',
    VEGETABLES,
    'Dried vegetables, dried tomatoes, sun-dried tomatoes, dried mushrooms, dried seaweed: packaged in oil',
    10,
    '__ piece(s); 1/3 cup (__ g)',
    '5 g; add 5 g for products packaged in oil',
  ),
  g('dried_seaweed_sheets', VEGETABLES, 'Dried seaweed sheets', 3, '__ piece(s) (__ g); __ cup(s) (__ g)'),
  g(
    'vegetables_garnish',
    VEGETABLES,
    'Vegetables primarily used for garnish or flavor (e.g., pimento, parsley, fresh or dried)',
    4,
    '__ piece(s) (__ g); __ tbsp(s) for chopped products',
  ),
  g(
    'chili_peppers_green_onion',
    VEGETABLES,
    'Fresh or canned chili peppers, jalapeno peppers, green onion',
    30,
    '__ piece(s); __ tbsp(s); __ cup(s) for sliced or chopped products',
  ),
  g(
    'vegetables_without_sauce_fresh_frozen',
    VEGETABLES,
    'All other vegetables without sauce: fresh or frozen',
    85,
    VEG_STATEMENT,
    FRESH_FROZEN_CANNED_VEG,
  ),
  g(
    'vegetables_without_sauce_vacuum_packed',
    VEGETABLES,
    'All other vegetables without sauce: vacuum packed',
    95,
    VEG_STATEMENT,
    FRESH_FROZEN_CANNED_VEG,
  ),
  g(
    'vegetables_without_sauce_canned',
    VEGETABLES,
    'All other vegetables without sauce: canned in liquid, cream-style corn, canned or stewed tomatoes, pumpkin, winter squash',
    130,
    VEG_STATEMENT,
    FRESH_FROZEN_CANNED_VEG,
  ),
  g(
    'vegetables_with_sauce',
    VEGETABLES,
    'All other vegetables with sauce: fresh, canned, or frozen',
    110,
    '__ piece(s) for large pieces; __ cup(s) for small pieces; 4 oz visual unit',
  ),
  ml('vegetable_juice', VEGETABLES, 'Vegetable juice', 240, '8 fl oz (240 mL)'),
  g('olives', VEGETABLES, 'Olives', 15, PIECES),
]);
