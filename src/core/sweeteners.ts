// What an ingredient says about the sweeteners in it (docs/api.md#ingredients "Polyols and sweeteners"): the
// polyols, as amounts (nutrients, g per 100 g: sugar_alcohol and its parts, src/core/nutrients.ts), and the
// intense sweeteners, by name. Each market's rules read them: energy factors per polyol (FSANZ Schedule 11;
// Regulation (EU) 1169/2011 Annex XIV), the Sugar Alcohol row (21 CFR 101.9(c)(6)(iv)), the mandatory
// statements (1169/2011 Annex III; NOM-051 7.1.3) and sugars claims (21 CFR 101.13(e)(2)). Pure.

/**
 * The polyols an ingredient may state one by one, each part of `sugar_alcohol` (its total). The market
 * factors differ by polyol (FSANZ Schedule 11 gives each its own; 1169/2011 Annex XIV singles out
 * erythritol), so each is a nutrient of its own; E numbers of Regulation (EC) No 1333/2008.
 */
export const POLYOLS = [
  { key: 'erythritol', e_number: 'E 968' },
  { key: 'sorbitol', e_number: 'E 420' },
  { key: 'mannitol', e_number: 'E 421' },
  { key: 'isomalt', e_number: 'E 953' },
  { key: 'maltitol', e_number: 'E 965' },
  { key: 'lactitol', e_number: 'E 966' },
  { key: 'xylitol', e_number: 'E 967' },
] as const;

export type PolyolKey = (typeof POLYOLS)[number]['key'];
export const POLYOL_KEYS: readonly PolyolKey[] = POLYOLS.map((p) => p.key);

/**
 * Intense (high-intensity, non-caloric) sweeteners an ingredient may name: the sweeteners of Regulation (EC)
 * No 1333/2008 Annex II other than the polyols, and those US and Mexican labels meet (monk fruit, luo han guo).
 * `phenylalanine`: the sweetener is a source of phenylalanine (aspartame and its acesulfame salt: 1169/2011
 * Annex III point 2.3; 21 CFR 172.804(d)).
 */
export const INTENSE_SWEETENERS = [
  { key: 'acesulfame_k', e_number: 'E 950', phenylalanine: false },
  { key: 'aspartame', e_number: 'E 951', phenylalanine: true },
  { key: 'cyclamate', e_number: 'E 952', phenylalanine: false },
  { key: 'saccharin', e_number: 'E 954', phenylalanine: false },
  { key: 'sucralose', e_number: 'E 955', phenylalanine: false },
  { key: 'thaumatin', e_number: 'E 957', phenylalanine: false },
  { key: 'neohesperidine_dc', e_number: 'E 959', phenylalanine: false },
  { key: 'steviol_glycosides', e_number: 'E 960', phenylalanine: false },
  { key: 'neotame', e_number: 'E 961', phenylalanine: false },
  { key: 'aspartame_acesulfame_salt', e_number: 'E 962', phenylalanine: true },
  { key: 'advantame', e_number: 'E 969', phenylalanine: false },
  { key: 'monk_fruit', e_number: null, phenylalanine: false },
] as const;

export type IntenseSweetenerKey = (typeof INTENSE_SWEETENERS)[number]['key'];
export const INTENSE_SWEETENER_KEYS: readonly IntenseSweetenerKey[] = INTENSE_SWEETENERS.map((s) => s.key);

/** The most names one ingredient may list (there are a dozen). */
const MAX_LISTED = 20;

export type SweetenersResult = { ok: true; value: IntenseSweetenerKey[] } | { ok: false; message: string };

/**
 * `intense_sweeteners` as written: an array of keys or a comma-separated text (a spreadsheet cell);
 * null or "" is none. Each key once, in the order given; an unknown key names itself.
 */
export function parseIntenseSweeteners(input: unknown): SweetenersResult {
  if (input === null || input === '') return { ok: true, value: [] };
  const list = typeof input === 'string' ? input.split(/[,;]/) : input;
  if (!Array.isArray(list)) return { ok: false, message: `must be a list of: ${INTENSE_SWEETENER_KEYS.join(', ')}` };
  if (list.length > MAX_LISTED) return { ok: false, message: `must list at most ${MAX_LISTED} sweeteners` };
  const out: IntenseSweetenerKey[] = [];
  for (const raw of list) {
    if (typeof raw !== 'string') return { ok: false, message: 'must be a list of strings' };
    const key = raw
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    if (key === '') continue;
    if (!(INTENSE_SWEETENER_KEYS as readonly string[]).includes(key)) {
      return { ok: false, message: `"${raw.trim().slice(0, 40)}" is not one of: ${INTENSE_SWEETENER_KEYS.join(', ')}` };
    }
    if (!out.includes(key as IntenseSweetenerKey)) out.push(key as IntenseSweetenerKey);
  }
  return { ok: true, value: out };
}
