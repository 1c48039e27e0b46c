// USDA FSIS's reference amounts for meat and poultry products: 9 CFR 317.312(b) Table 2 (meat) and
// 9 CFR 381.412(b) Table 2 (poultry), "Reference Amounts Customarily Consumed per Eating Occasion --
// General Food Supply". FDA's 21 CFR 101.12(b) Table 2 has no meat or poultry group: products under
// FSIS inspection take their reference amounts from these tables. Product categories and amounts are
// the tables'; keys are ours. docs/labeling.md#reference-amounts.
//
// Taken from the regulation's text as the GPO prints it in the CFR (a copy of the GPO text in a public
// repository), and checked against later copies of the eCFR text, which agree at every row read. FSIS
// has not amended these tables since: its proposal to update them (82 FR 6732, 2017) was still at the
// final-rule stage in the Unified Agenda of Fall 2023.
//
// Categories are worded as the GPO text words them, its spellings kept ("cervelet", "scrapple souse",
// "taco filings"); the dashes of "Salads--" and "Soups--" are written as colons and an unclosed
// parenthesis is closed. The tables have two amount columns, ready-to-serve and ready-to-cook: a row
// with a ready-to-cook amount is one key per column (as us-racc.ts splits a row whose amount depends on
// the product), and "140 g (plus 55 g for products with sauce toppings)" is one key per case; the
// category of such a key ends in its column or case. The tables state no label statement. Footnotes 4
// (canned products: the drained solids unless the liquid is customarily consumed) and 5 (pizza sauce is
// part of the pizza, not a sauce topping) are carried in `note`.
import type { ReferenceAmount } from './types.js';
import { FSIS_MEAT, FSIS_POULTRY, g, measure, sourced, type UnsourcedRow } from './us-racc-build.js';

const MEAT_SOURCE =
  '9 CFR 317.312(b) Table 2 (USDA FSIS, meat products): the CFR text as printed by the GPO, checked against later copies of the eCFR text';
const POULTRY_SOURCE =
  '9 CFR 381.412(b) Table 2 (USDA FSIS, poultry products): the CFR text as printed by the GPO, checked against later copies of the eCFR text';

const NO_STATEMENT = 'none stated in the FSIS table';
const READY_TO_COOK = 'ready-to-cook column of the table';
const CANNED = 'footnote 4: if packed or canned in liquid, the drained solids, except where solids and liquid are customarily consumed';
const PIZZA_SAUCE = 'footnote 5: pizza sauce is part of the pizza and is not a sauce topping';
const SAUCE_TOPPING = '140 g, plus 55 g for products with sauce toppings';
const RECONSTITUTED =
  'as reconstituted: the amount to make one reference amount of the final dish (gravy 1/4 cup, major main entree type sauce 125 g, soup 245 g, entree measurable with a cup 1 cup): no fixed weight; set racc_grams';

const MEAT_ROWS: readonly UnsourcedRow[] = [
  g('meat_egg_mixtures', FSIS_MEAT, 'Egg mixtures (western style omelet, souffle, egg foo young)', 110, NO_STATEMENT),
  measure('meat_lard_margarine_shortening', FSIS_MEAT, 'Lard, margarine, shortening', '1 tbsp', 15, NO_STATEMENT),
  g('meat_salad_potato_toppers', FSIS_MEAT, 'Salad and potato toppers; e.g., bacon bits', 7, NO_STATEMENT),
  g(
    'meat_bacon',
    FSIS_MEAT,
    'Bacon (bacon, beef breakfast strips, pork breakfast strips, pork rinds): ready-to-serve',
    15,
    NO_STATEMENT,
    'ready-to-serve 15 g; ready-to-cook 54 g bacon, 30 g breakfast strips',
  ),
  g('meat_bacon_ready_to_cook', FSIS_MEAT, 'Bacon: ready-to-cook', 54, NO_STATEMENT, READY_TO_COOK),
  g('meat_breakfast_strips_ready_to_cook', FSIS_MEAT, 'Beef or pork breakfast strips: ready-to-cook', 30, NO_STATEMENT, READY_TO_COOK),
  g(
    'meat_dried',
    FSIS_MEAT,
    'Dried; e.g., jerky, dried beef, Parma ham sausage products with a moisture/protein ratio of less than 2:1; e.g., pepperoni',
    30,
    NO_STATEMENT,
  ),
  g('meat_snacks', FSIS_MEAT, 'Snacks; e.g., meat snack food sticks', 30, NO_STATEMENT),
  g(
    'meat_luncheon_meat',
    FSIS_MEAT,
    'Luncheon meat, bologna, Canadian style bacon, pork pattie crumbles, beef pattie crumbles, blood pudding, luncheon loaf, old fashioned loaf, berlinger, bangers, minced luncheon roll, thuringer, liver sausage, mortadella, uncured sausage (franks), ham and cheese loaf, P&P loaf, scrapple souse, head cheese, pizza loaf, olive loaf, pate, deviled ham, sandwich spread, teawurst, cervelet, Lebanon bologna, potted meat food product, taco fillings, meat pie fillings',
    55,
    NO_STATEMENT,
  ),
  g(
    'meat_linked_sausage',
    FSIS_MEAT,
    'Linked meat sausage products, Vienna sausage, frankfurters, pork sausage, imitation frankfurters, bratwurst, kielbasa, Polish sausage, summer sausage, mettwurst, smoked country sausage, smoked sausage, smoked or pickled meat, pickled pigs feet: ready-to-serve',
    55,
    NO_STATEMENT,
    'ready-to-serve 55 g; 75 g uncooked sausage',
  ),
  g('meat_linked_sausage_uncooked', FSIS_MEAT, 'Linked meat sausage products: uncooked sausage', 75, NO_STATEMENT, READY_TO_COOK),
  g(
    'meat_entrees_without_sauce',
    FSIS_MEAT,
    'Entrees without sauce, cuts of meat including marinated, tenderized, injected cuts of meat, beef patty, corn dog, croquettes, fritters, cured ham, dry cured ham, dry cured cappicola, corned beef, pastrami, country ham, pork shoulder picnic, meatballs, pureed adult foods: ready-to-serve',
    85,
    NO_STATEMENT,
    'ready-to-serve 85 g; ready-to-cook 114 g',
  ),
  g(
    'meat_entrees_without_sauce_ready_to_cook',
    FSIS_MEAT,
    'Entrees without sauce, cuts of meat: ready-to-cook',
    114,
    NO_STATEMENT,
    READY_TO_COOK,
  ),
  g('meat_canned', FSIS_MEAT, 'Canned meats, canned beef, canned pork', 55, NO_STATEMENT, CANNED),
  g('meat_entrees_with_sauce', FSIS_MEAT, 'Entrees with sauce, barbecued meats in sauce', 140, NO_STATEMENT),
  g(
    'meat_mixed_dishes_not_measurable_with_cup',
    FSIS_MEAT,
    'Mixed dishes NOT measurable with a cup; e.g., burrito, egg roll, enchilada, pizza, pizza roll, quiche, all types of sandwiches, cracker and meat lunch type packages, gyro, stromboli, burger on a bun, frank on a bun, calzone, taco, pockets stuffed with meat, foldovers, stuffed vegetables with meat, shish kabobs, empanada',
    140,
    NO_STATEMENT,
    `without sauce topping; ${PIZZA_SAUCE}`,
  ),
  g(
    'meat_mixed_dishes_not_measurable_with_cup_with_sauce',
    FSIS_MEAT,
    'Mixed dishes NOT measurable with a cup, with sauce toppings',
    195,
    NO_STATEMENT,
    `${SAUCE_TOPPING}; ${PIZZA_SAUCE}`,
  ),
  measure(
    'meat_mixed_dishes_measurable_with_cup',
    FSIS_MEAT,
    'Mixed dishes measurable with a cup; e.g., meat casserole, macaroni and cheese with meat, pot pie, spaghetti with sauce, meat chili, chili with beans, meat hash, creamed chipped beef, beef ravioli in sauce, beef stroganoff, Brunswick stew, goulash, meat stew, ragout, meat lasagna, meat filled pasta',
    '1 cup',
    240,
    NO_STATEMENT,
    '1 cup = 240 mL (21 CFR 101.9(b)(5)(viii))',
  ),
  g('meat_salads_pasta_potato', FSIS_MEAT, 'Salads: pasta or potato, potato salad with bacon, macaroni and meat salad', 140, NO_STATEMENT),
  g('meat_salads_other', FSIS_MEAT, 'Salads: all other meat, salads, ham salad', 100, NO_STATEMENT),
  g('meat_soups', FSIS_MEAT, 'Soups: all varieties', 245, NO_STATEMENT),
  g(
    'meat_major_entree_sauce',
    FSIS_MEAT,
    'Major main entree type sauce; e.g., spaghetti sauce with meat, spaghetti sauce with meatballs',
    125,
    NO_STATEMENT,
  ),
  measure('meat_minor_entree_sauce', FSIS_MEAT, 'Minor main entree sauce; e.g., pizza sauce with meat, gravy', '1/4 cup', 60, NO_STATEMENT),
  g(
    'meat_seasoning_mixes',
    FSIS_MEAT,
    'Seasoning mixes dry, bases, extracts, dried broths and stock/juice, freeze dry trail mix products with meat',
    null,
    NO_STATEMENT,
    RECONSTITUTED,
  ),
];

const POULTRY_ROWS: readonly UnsourcedRow[] = [
  g('poultry_egg_mixtures', FSIS_POULTRY, 'Egg mixtures (western style omelet, souffle, egg foo young with poultry)', 110, NO_STATEMENT),
  g('poultry_salad_potato_toppers', FSIS_POULTRY, 'Salad and potato toppers; e.g., poultry bacon bits', 7, NO_STATEMENT),
  g(
    'poultry_bacon',
    FSIS_POULTRY,
    'Bacon; e.g., poultry breakfast strips: ready-to-serve',
    15,
    NO_STATEMENT,
    'ready-to-serve 15 g; ready-to-cook 26 g bacon, 18 g breakfast strips',
  ),
  g('poultry_bacon_ready_to_cook', FSIS_POULTRY, 'Poultry bacon: ready-to-cook', 26, NO_STATEMENT, READY_TO_COOK),
  g('poultry_breakfast_strips_ready_to_cook', FSIS_POULTRY, 'Poultry breakfast strips: ready-to-cook', 18, NO_STATEMENT, READY_TO_COOK),
  g(
    'poultry_dried',
    FSIS_POULTRY,
    'Dried; e.g., poultry jerky, dried poultry, poultry sausage products with a moisture/protein ratio of less than 2:1',
    30,
    NO_STATEMENT,
  ),
  g('poultry_snacks', FSIS_POULTRY, 'Snacks; e.g., poultry snack food sticks', 30, NO_STATEMENT),
  g(
    'poultry_luncheon_products',
    FSIS_POULTRY,
    'Luncheon products, poultry bologna, poultry Canadian style bacon, poultry crumbles, poultry luncheon loaf, potted poultry products, poultry taco filings',
    55,
    NO_STATEMENT,
  ),
  g(
    'poultry_linked_sausage',
    FSIS_POULTRY,
    'Linked poultry sausage products, poultry franks, poultry Polish sausage, smoked or pickled poultry meat, poultry smoked sausage: ready-to-serve',
    55,
    NO_STATEMENT,
    'ready-to-serve 55 g; 69 g uncooked sausage',
  ),
  g('poultry_linked_sausage_uncooked', FSIS_POULTRY, 'Linked poultry sausage products: uncooked sausage', 69, NO_STATEMENT, READY_TO_COOK),
  g(
    'poultry_entrees_without_sauce',
    FSIS_POULTRY,
    'Entrees without sauce, poultry cuts, ready to cook poultry cuts, including marinated, tenderized, injected cuts of poultry, poultry corn dogs, poultry croquettes, poultry fritters, cured poultry ham products, adult pureed poultry: ready-to-serve',
    85,
    NO_STATEMENT,
    'ready-to-serve 85 g; ready-to-cook 114 g',
  ),
  g(
    'poultry_entrees_without_sauce_ready_to_cook',
    FSIS_POULTRY,
    'Entrees without sauce, poultry cuts: ready-to-cook',
    114,
    NO_STATEMENT,
    READY_TO_COOK,
  ),
  g('poultry_canned', FSIS_POULTRY, 'Canned poultry, canned chicken, canned turkey', 55, NO_STATEMENT, CANNED),
  g('poultry_entrees_with_sauce', FSIS_POULTRY, 'Entrees with sauce, turkey and gravy', 140, NO_STATEMENT),
  g(
    'poultry_mixed_dishes_not_measurable_with_cup',
    FSIS_POULTRY,
    'Mixed dishes NOT measurable with a cup; e.g., poultry burrito, poultry enchiladas, poultry pizza, poultry quiche, all types of poultry sandwiches, cracker and poultry lunch-type packages, poultry gyro, poultry stromboli, poultry frank on a bun, poultry burger on a bun, poultry taco, chicken cordon bleu, poultry calzone, stuffed vegetables with poultry, poultry kabobs',
    140,
    NO_STATEMENT,
    `without toppings; ${PIZZA_SAUCE}`,
  ),
  g(
    'poultry_mixed_dishes_not_measurable_with_cup_with_sauce',
    FSIS_POULTRY,
    'Mixed dishes NOT measurable with a cup, with toppings',
    195,
    NO_STATEMENT,
    `140 g, plus 55 g for products with toppings (the table: "plus 55 g for products toppings"); ${PIZZA_SAUCE}`,
  ),
  measure(
    'poultry_mixed_dishes_measurable_with_cup',
    FSIS_POULTRY,
    'Mixed dishes measurable with a cup; e.g., poultry casserole, macaroni and cheese with poultry, poultry pot pie, poultry spaghetti with sauce, poultry chili, poultry chili with beans, poultry hash, creamed dried poultry, poultry ravioli in sauce, poultry a la king, poultry stew, poultry goulash, poultry lasagna, poultry-filled pasta',
    '1 cup',
    240,
    NO_STATEMENT,
    '1 cup = 240 mL (21 CFR 101.9(b)(5)(viii))',
  ),
  g(
    'poultry_salads_pasta_potato',
    FSIS_POULTRY,
    'Salads: pasta or potato, potato salad with poultry, macaroni and poultry salad',
    140,
    NO_STATEMENT,
  ),
  g('poultry_salads_other', FSIS_POULTRY, 'Salads: all other, poultry salads, chicken salad, turkey salad', 100, NO_STATEMENT),
  g('poultry_soups', FSIS_POULTRY, 'Soups: all varieties', 245, NO_STATEMENT),
  g('poultry_major_entree_sauce', FSIS_POULTRY, 'Major main entree type sauce; e.g., spaghetti sauce with poultry', 125, NO_STATEMENT),
  measure(
    'poultry_minor_entree_sauce',
    FSIS_POULTRY,
    'Minor main entree sauce; e.g., pizza sauce with poultry, gravy',
    '1/4 cup',
    60,
    NO_STATEMENT,
  ),
  g(
    'poultry_seasoning_mixes',
    FSIS_POULTRY,
    'Seasoning mixes dry, freeze dry, dehydrated, concentrated soup mixes, bases, extracts, dried broths and stock/juice, freeze dry trail mix products with poultry',
    null,
    NO_STATEMENT,
    RECONSTITUTED,
  ),
];

export const US_FSIS_ROWS: readonly ReferenceAmount[] = [...sourced(MEAT_SOURCE, MEAT_ROWS), ...sourced(POULTRY_SOURCE, POULTRY_ROWS)];
