// 21 CFR 101.12(b) Table 1: Reference Amounts Customarily Consumed per Eating Occasion: Foods for
// Infants and Young Children 1 Through 3 Years of Age (as amended by 81 FR 34000, 2016). These amounts
// are used only for a food specially formulated or processed for infants or for children 1 through 3
// years of age (101.12(a)(2)). Keys are ours. docs/labeling.md#reference-amounts.
//
// From a SECONDARY copy: a web page mirroring the eCFR text of 101.12 (its Table 1 and footnotes as the
// 2016 rule words them: "young children (1 through 3 years of age)", the NHANES 2003-2008 footnote).
// Every amount agrees with a second secondary copy, ESHA Research's Genesis R&D manual (which still
// says "toddlers"). Both give 110 g for the strained type, where the pre-2016 text said 60 g. The
// mirror's spelling "deserts" in the dry-mix row is written "desserts". One row with two amounts
// ("7 g for infants and 20 g for young children ... for ready-to-eat cereals; 7 g for all others") is
// one key per case.
import type { ReferenceAmount } from './types.js';
import { g, INFANTS_YOUNG_CHILDREN, ml, sourced } from './us-racc-build.js';

const TABLE1_COPY =
  "21 CFR 101.12(b) Table 1, via a secondary copy: a web page mirroring the eCFR text, its amounts checked against ESHA Research's Genesis R&D manual";

const DINNERS = 'Dinners, desserts, fruits, vegetables or soups';
const CUPS_G_ML = '__ cup(s) (__ g); __ cup(s) (__ mL)';
const OTHER_CEREAL =
  'Other cereal and grain products, dry ready-to-eat, e.g., ready-to-eat cereals, cookies, teething biscuits, and toasts';
const OTHER_CEREAL_STATEMENT = '__ cup(s) (__ g) for ready-to-eat cereals; __ piece(s) (__ g) for others';
const OTHER_CEREAL_NOTE =
  '7 g for infants and 20 g for young children (1 through 3 years of age) for ready-to-eat cereals; 7 g for all others';

export const US_TABLE1_ROWS: readonly ReferenceAmount[] = sourced(TABLE1_COPY, [
  g('infant_cereals_dry_instant', INFANTS_YOUNG_CHILDREN, 'Cereals, dry instant', 15, '__ cup (__ g)'),
  g('infant_cereals_prepared', INFANTS_YOUNG_CHILDREN, 'Cereals, prepared, ready-to-serve', 110, '__ cup(s) (__ g)'),
  g(
    'infant_rte_cereals_for_infants',
    INFANTS_YOUNG_CHILDREN,
    `${OTHER_CEREAL}: ready-to-eat cereals for infants`,
    7,
    OTHER_CEREAL_STATEMENT,
    OTHER_CEREAL_NOTE,
  ),
  g(
    'infant_rte_cereals_for_young_children',
    INFANTS_YOUNG_CHILDREN,
    `${OTHER_CEREAL}: ready-to-eat cereals for young children (1 through 3 years of age)`,
    20,
    OTHER_CEREAL_STATEMENT,
    OTHER_CEREAL_NOTE,
  ),
  g(
    'infant_cereal_grain_products_other',
    INFANTS_YOUNG_CHILDREN,
    `${OTHER_CEREAL}: all others (cookies, teething biscuits, toasts)`,
    7,
    OTHER_CEREAL_STATEMENT,
    OTHER_CEREAL_NOTE,
  ),
  g('infant_dinners_dry_mix', INFANTS_YOUNG_CHILDREN, `${DINNERS}, dry mix`, 15, '__ tbsp(s) (__ g); __ cup(s) (__ g)'),
  g('infant_dinners_junior_type', INFANTS_YOUNG_CHILDREN, `${DINNERS}, ready-to-serve, junior type`, 110, CUPS_G_ML),
  g('infant_dinners_strained_type', INFANTS_YOUNG_CHILDREN, `${DINNERS}, ready-to-serve, strained type`, 110, CUPS_G_ML),
  g(
    'young_children_dinners_stews_soups',
    INFANTS_YOUNG_CHILDREN,
    'Dinners, stews or soups for young children, ready-to-serve',
    170,
    CUPS_G_ML,
  ),
  g('young_children_fruits', INFANTS_YOUNG_CHILDREN, 'Fruits for young children, ready-to-serve', 125, '__ cup(s) (__ g)'),
  g('young_children_vegetables', INFANTS_YOUNG_CHILDREN, 'Vegetables for young children, ready-to-serve', 70, '__ cup(s) (__ g)'),
  g('infant_eggs_egg_yolks', INFANTS_YOUNG_CHILDREN, 'Eggs/egg yolks, ready-to-serve', 55, '__ cup(s) (__ g)'),
  ml('infant_juices', INFANTS_YOUNG_CHILDREN, 'Juices, all varieties', 120, '4 fl oz (120 mL)'),
]);
