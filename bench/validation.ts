// Our form-aware schema checker (src/http/validation.ts) against Ajv with a blank-to-null pre-pass (the
// alternative considered: Ajv's own coercion turns "" into 0, so blanks must become null first). Both hold an
// ingredient body to the route's TypeBox schema. Measured: time per body (JSON-typed, form-typed strings,
// and a body with errors), and whether the two agree on each case that decides the contract
// (docs/api.md#request-bodies unknown fields named, docs/api.md#errors messages by field). The decision: docs/decisions.md.
import { Ajv, type ErrorObject } from 'ajv';
import { IngredientCreateBody } from '../src/http/resources/ingredients/schemas.js';
import { checkObject } from '../src/http/validation.js';
import { fmt, percentile, timeCalls } from './lib/load.js';

type Body = Record<string, unknown>;
const schema = IngredientCreateBody as unknown as Body & { properties: Record<string, Body> };

const ajv = new Ajv({ allErrors: true, coerceTypes: 'array', removeAdditional: 'all', strict: false });
const ajvValidate = ajv.compile(JSON.parse(JSON.stringify(schema)));

const nullable = (property: Body): boolean => Array.isArray(property.anyOf) && property.anyOf.some((s: Body) => s.type === 'null');

/** Ajv with the pre-pass: a blank form value of a nullable field becomes null. */
function withAjv(input: Body): { value: Body; errors: Record<string, string[]> } {
  const value: Body = {};
  for (const [key, raw] of Object.entries(input)) {
    const property = schema.properties[key];
    value[key] = raw === '' && property && nullable(property) ? null : raw;
  }
  const errors: Record<string, string[]> = {};
  if (!ajvValidate(value)) {
    for (const e of ajvValidate.errors as ErrorObject[]) {
      // anyOf reports each failed branch and then itself; keep the field's own line.
      const field = e.instancePath.replace(/^\//, '').split('/')[0] || 'body';
      (errors[field] ??= []).push(e.message ?? e.keyword);
    }
  }
  return { value, errors };
}

const jsonBody: Body = {
  name: 'Flour',
  description1: '1 cup',
  weight1: 125,
  calories: 455,
  fat: 1.2,
  fat_saturated: 0.2,
  fat_trans: 0,
  cholesterol: 0,
  sodium: 2,
  carbs: 95,
  fiber: 3.4,
  sugars: 0.3,
  protein: 12.9,
  vitamin_d: 0,
  calcium: 19,
  iron: 5.8,
  potassium: 134,
  tags: ['baking', 'dry'],
};
const formBody: Body = Object.fromEntries(Object.entries(jsonBody).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]));
formBody.vitamin_d = '';
const badBody: Body = { ...jsonBody, calories: -1, weight1: 'heavy', name: '', tags: Array.from({ length: 200 }, () => 'x') };

/** Cases where the contract says what must happen; each prints whether Ajv + pre-pass does the same. */
const CASES: [string, Body][] = [
  ['blank nullable number is null', { calories: '' }],
  ['number in a form string', { calories: ' 12 ' }],
  ['text of spaces is kept as sent', { name: '   ' }],
  ['unknown field is named, not silently dropped', { colour: 'red' }],
  ['tags over the list limit', { tags: Array.from({ length: 101 }, () => 'x') }],
  ['negative nutrient message', { fat: -1 }],
  ['boolean from a form', { food: 'on' }],
];

function outcome(result: { value: unknown; errors: Record<string, string[]> }, ignored: string[]): string {
  const text = JSON.stringify({ value: result.value, errors: result.errors, ignored });
  return text.length > 240 ? `${text.slice(0, 120)} … ${text.slice(-110)}` : text;
}

export async function run(): Promise<void> {
  console.log('\n## validation: our checker against Ajv + blank-to-null pre-pass (IngredientCreateBody)');
  for (const [name, body] of [
    ['JSON body', jsonBody],
    ['form body', formBody],
    ['body with 4 errors', badBody],
  ] as const) {
    const ours = await timeCalls(() => checkObject(schema, body), 20_000);
    const theirs = await timeCalls(() => withAjv(structuredClone(body)), 20_000);
    const copyOnly = await timeCalls(() => structuredClone(body), 20_000);
    const ms = (s: number[]) => fmt(percentile(s, 50) * 1000, 1);
    console.log(
      `${name.padEnd(20)} ours p50 ${ms(ours)} µs · Ajv p50 ${ms(theirs)} µs (of which the copy Ajv needs, as it changes its input: ${ms(copyOnly)} µs)`,
    );
  }
  let agree = 0;
  for (const [name, body] of CASES) {
    const ours = checkObject(schema, body);
    const ourView = outcome({ value: ours.value, errors: ours.errors }, ours.ignored);
    const theirs = withAjv(structuredClone(body));
    const theirView = outcome(theirs, []);
    const same = JSON.stringify([ours.value, ours.errors, ours.ignored]) === JSON.stringify([theirs.value, theirs.errors, []]);
    if (same) agree++;
    console.log(`${same ? 'same' : 'DIFFERS'}  ${name}\n        ours ${ourView}\n        Ajv  ${theirView}`);
  }
  console.log(`Ajv + pre-pass agrees on ${agree} of ${CASES.length} contract cases`);
}
