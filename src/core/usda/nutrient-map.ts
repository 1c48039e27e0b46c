// FoodData Central nutrient ids -> our nutrient keys (src/core/nutrients.ts), with unit conversion.
// FDC amounts are per 100 g of edible portion, as ours are, so only the unit changes.
// Ids verified against nutrient.csv of the 2021 and 2023 releases (data/usda-fdc/README.md).
import { must } from '../../lib/must.js';
import { Decimal } from 'decimal.js';
import { nutrientDef, type NutrientUnit, type NutrientValues } from '../nutrients.js';

/** One food_nutrient value with the unit nutrient.csv gives for its id (G, MG, UG, IU, KCAL, kJ, ...). */
export interface FdcAmount {
  amount: number;
  unit: string;
}

/** Our key -> the FDC ids that may carry it, best first (a later id is used only when the earlier ones are absent). */
export const FDC_SOURCES: Readonly<Record<string, readonly number[]>> = {
  // Energy: 1008; else Atwater specific (2048, SR Legacy's own method for 1008), then general (2047).
  calories: [1008, 2048, 2047],
  protein: [1003],
  fat: [1004, 1085],
  fat_saturated: [1258, 1326],
  fat_trans: [1257],
  carbohydrate: [1005, 1050],
  fiber: [1079, 2033],
  // Total sugars: 2000 in SR Legacy / NLEA data, 1063 in Foundation analytic data.
  sugar: [2000, 1063],
  added_sugar: [1235],
  sugar_alcohol: [1086],
  // The polyols FDC analyses one by one (nutrient.csv of the 2021 and 2023 releases: 1055 Mannitol, 1056
  // Sorbitol, 1078 Xylitol); FSANZ Schedule 11 gives each its own energy factor.
  mannitol: [1055],
  sorbitol: [1056],
  xylitol: [1078],
  // Starch and ethyl alcohol: Annex XIV of Regulation (EU) 1169/2011 gives alcohol its own energy factor,
  // and starch is a voluntary row of its Annex XV.
  starch: [1009],
  alcohol: [1018],
  fat_monounsaturated: [1292, 1327],
  fat_polyunsaturated: [1293, 1328],
  water: [1051],
  ash: [1007],
  cholesterol: [1253],
  sodium: [1093],
  calcium: [1087],
  iron: [1089],
  potassium: [1092],
  phosphorus: [1091],
  magnesium: [1090],
  zinc: [1095],
  copper: [1098],
  manganese: [1101],
  chloride: [1088],
  vitamin_c: [1162],
  vitamin_e: [1109],
  thiamin: [1165],
  riboflavin: [1166],
  niacin: [1167],
  vitamin_b6: [1175],
  pantothenic_acid: [1170],
  choline: [1180],
  vitamin_k: [1185],
  folate: [1177],
  vitamin_b12: [1178],
  biotin: [1176],
  iodine: [1100],
  selenium: [1103],
  chromium: [1096],
  molybdenum: [1102],
  vitamin_d_IU: [1110],
  // Vitamin A in IU exists only where the release measured it (1104); RAE cannot be turned back into
  // IU without knowing the retinol/carotenoid split, so no conversion is attempted.
  vitamin_a_IU: [1104],
  histidine: [1221],
  isoleucine: [1212],
  leucine: [1213],
  lysine: [1214],
  methionine: [1215],
  phenylalanine: [1217],
  threonine: [1211],
  tryptophan: [1210],
  valine: [1219],
  arginine: [1220],
  // FDC reports cystine (1216) in SR data and cysteine (1232) in some Foundation foods; ReciPal treats them as one.
  cystine: [1216, 1232],
  glutamine: [1233],
  glycine: [1225],
  proline: [1226],
  tyrosine: [1218],
  alanine: [1222],
  aspartic_acid: [1223],
  asparagine: [1231],
  glutamic_acid: [1224],
  serine: [1227],
  food_folate: [1187],
  folic_acid: [1186],
  folate_dietary_equivalents: [1190],
  retinol: [1105],
  alpha_carotene: [1108],
  beta_carotene: [1107],
  beta_cryptoxanthin: [1120],
  lycopene: [1122],
  lutein_zeaxanthin: [1123],
  vitamin_a_rae: [1106],
  vitamin_d_mcg: [1114],
};

/** Every FDC id the importer reads; food_nutrient rows with other ids are dropped while streaming. */
export const MAPPED_FDC_IDS: ReadonlySet<number> = new Set(Object.values(FDC_SOURCES).flat());

export const ENERGY_IDS = { energy: 1008, atwaterSpecific: 2048, atwaterGeneral: 2047 } as const;

// docs/labeling.md#unit-conversions (NIH ODS DSID): 1 mcg vitamin D = 40 IU.
export const VITAMIN_D_IU_PER_MCG = 40;

const MASS_IN_MG: Readonly<Record<string, number>> = { G: 1000, MG: 1, UG: 0.001, MCG: 0.001 };
const OUR_MASS_IN_MG: Partial<Record<NutrientUnit, number>> = { g: 1000, mg: 1, mcg: 0.001 };

/** Converts an FDC amount into our unit; undefined when the units are not convertible (e.g. kJ into kcal). */
export function convertAmount(value: FdcAmount, to: NutrientUnit): number | undefined {
  const from = value.unit.toUpperCase();
  if (to === 'kcal') return from === 'KCAL' ? value.amount : undefined;
  if (to === 'IU') return from === 'IU' ? value.amount : undefined;
  const fromMg = MASS_IN_MG[from];
  const toMg = OUR_MASS_IN_MG[to];
  if (fromMg === undefined || toMg === undefined) return undefined;
  return new Decimal(value.amount).times(fromMg).dividedBy(toMg).toNumber();
}

export interface MappedNutrients {
  nutrients: NutrientValues;
  /** The FDC id each stored key came from (energy: 1008, 2048 or 2047). */
  sourceIds: Record<string, number>;
  /** Ids present on the food but in a unit we cannot convert. */
  unconvertible: number[];
}

/** Maps one food's FDC values (by nutrient id) to our keys and units. */
export function mapFdcNutrients(values: ReadonlyMap<number, FdcAmount>): MappedNutrients {
  const nutrients: NutrientValues = {};
  const sourceIds: Record<string, number> = {};
  const unconvertible: number[] = [];
  for (const [key, ids] of Object.entries(FDC_SOURCES)) {
    const def = must(nutrientDef(key), `the nutrient ${key} of FDC_SOURCES`);
    for (const id of ids) {
      const value = values.get(id);
      if (!value) continue;
      const converted = convertAmount(value, def.unit);
      if (converted === undefined) {
        unconvertible.push(id);
        continue;
      }
      nutrients[key] = converted;
      sourceIds[key] = id;
      break;
    }
  }
  // Vitamin D: one form implies the other (1 mcg = 40 IU); a measured value always wins.
  if (nutrients.vitamin_d_IU === undefined && nutrients.vitamin_d_mcg !== undefined) {
    nutrients.vitamin_d_IU = new Decimal(nutrients.vitamin_d_mcg).times(VITAMIN_D_IU_PER_MCG).toNumber();
  } else if (nutrients.vitamin_d_mcg === undefined && nutrients.vitamin_d_IU !== undefined) {
    nutrients.vitamin_d_mcg = new Decimal(nutrients.vitamin_d_IU).dividedBy(VITAMIN_D_IU_PER_MCG).toNumber();
  }
  return { nutrients, sourceIds, unconvertible };
}
