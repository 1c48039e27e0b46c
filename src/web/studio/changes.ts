// A revision's changes in plain words (docs/api.md#revisions lists them by field and id): which line, which
// ingredient, which price; nutrients by name and per 100 g; a line or a price added or removed as one
// sentence. Pure: the names come from services/studio (ChangeNames).
import type { RevisionChange } from '../../services/history/index.js';
import type { ChangeNames } from '../../services/studio/index.js';
import { nutrientDef } from '../../core/nutrients.js';
import { nutrientName, number } from './words.js';

export interface ChangeLine {
  kind: 'added' | 'removed' | 'changed' | 'created';
  /** What changed: "Recipe", "Line: Butter", "Ingredient: Butter", "Price of Butter", "Sub-recipe Icing: line Sugar". */
  subject: string;
  /** The field, in words ("Quantity", "Sodium per 100 g"); '' for a line or price added or removed. */
  field: string;
  from: string;
  to: string;
}

const words = (field: string) => {
  const text = field.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

function valueText(value: unknown, unit = ''): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return unit ? `${number(value, 4)} ${unit}` : number(value, 4);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((v) => valueText(v)).join(', ');
  return JSON.stringify(value);
}

const ingredientName = (names: ChangeNames, id: unknown) =>
  typeof id === 'number' ? (names.ingredients[id] ?? `ingredient ${id}`) : 'an ingredient';

/** "2 × 1 cup, 5% waste" for a line summary; "2.5 for 1 cup (+0.5 shipping) from 2026-01-01" for a price. */
function summaryText(field: string, summary: unknown, names: ChangeNames): string {
  if (summary === null || typeof summary !== 'object') return '—';
  const s = summary as Record<string, unknown>;
  if (field === 'line') {
    const waste = typeof s.waste === 'number' && s.waste > 0 ? `, ${number(s.waste)}% waste` : '';
    return `${ingredientName(names, s.ingredient_id)}: ${valueText(s.quantity)} × ${valueText(s.unit)}${waste}`;
  }
  const shipping = typeof s.shipping === 'number' && s.shipping > 0 ? ` (+${number(s.shipping, 4)} shipping)` : '';
  return `${valueText(s.price)} for ${valueText(s.quantity)} × ${valueText(s.unit)}${shipping} from ${valueText(s.effective_at)}`;
}

function subjectOf(change: RevisionChange, names: ChangeNames, rootRecipeId: number): string {
  const within =
    change.recipe_id !== undefined && change.recipe_id !== rootRecipeId
      ? `Sub-recipe ${names.recipes[change.recipe_id] ?? `recipe ${change.recipe_id}`}`
      : '';
  const join = (what: string) => (within ? `${within}: ${what.charAt(0).toLowerCase()}${what.slice(1)}` : what);
  if (change.field === 'line') return join('Line');
  if (change.field === 'cost') return `Price of ${ingredientName(names, change.ingredient_id)}`;
  if (change.line_id !== undefined) {
    const onLine = names.lines[change.line_id] ?? change.ingredient_id;
    return join(`Line: ${ingredientName(names, change.field === 'ingredient_id' ? change.old : onLine)}`);
  }
  if (change.cost_id !== undefined) return `Price of ${ingredientName(names, change.ingredient_id)}`;
  if (change.ingredient_id !== undefined) return `Ingredient: ${ingredientName(names, change.ingredient_id)}`;
  return within || 'Recipe';
}

/** One change in words; a label_settings change becomes one line per setting that changed. */
export function describeChange(change: RevisionChange, names: ChangeNames, rootRecipeId: number): ChangeLine[] {
  const subject = subjectOf(change, names, rootRecipeId);
  if (change.field === 'recipe' && change.old === null)
    return [{ kind: 'created', subject, field: '', from: '', to: `Created as "${valueText(change.new)}"` }];
  if (change.field === 'line' || change.field === 'cost') {
    const kind = change.old === null ? 'added' : change.new === null ? 'removed' : 'changed';
    return [
      {
        kind,
        subject,
        field: '',
        from: summaryText(change.field, change.old, names),
        to: summaryText(change.field, change.new, names),
      },
    ];
  }
  if (change.field === 'ingredient_id') {
    return [
      { kind: 'changed', subject, field: 'Ingredient', from: ingredientName(names, change.old), to: ingredientName(names, change.new) },
    ];
  }
  if (change.field === 'label_settings') {
    const before = (change.old ?? {}) as Record<string, unknown>;
    const after = (change.new ?? {}) as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys
      .filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
      .map((key) => ({ kind: 'changed', subject, field: `Label setting ${key}`, from: valueText(before[key]), to: valueText(after[key]) }));
  }
  if (change.basis === 'per 100 g') {
    const unit = nutrientDef(change.field)?.unit ?? '';
    return [
      {
        kind: 'changed',
        subject,
        field: `${nutrientName(change.field)} per 100 g`,
        from: change.old === null ? 'unknown' : valueText(change.old, unit),
        to: change.new === null ? 'unknown' : valueText(change.new, unit),
      },
    ];
  }
  const gramsField = change.field === 'total_grams' ? 'g' : '';
  return [
    {
      kind: 'changed',
      subject,
      field: words(change.field),
      from: valueText(change.old, gramsField),
      to: valueText(change.new, gramsField),
    },
  ];
}

export function describeChanges(changes: readonly RevisionChange[], names: ChangeNames, rootRecipeId: number): ChangeLine[] {
  return changes.flatMap((change) => describeChange(change, names, rootRecipeId));
}
