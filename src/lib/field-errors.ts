// Failures of a request, per field, as error bodies list them (docs/api.md#errors).

/** field -> what is wrong with it. */
export type FieldErrors = Record<string, string[]>;

// What an error body may list (docs/api.md#input-budgets): however many rules a request breaks, the
// answer stays small. An 840 KB `names` object once answered 12 MB, 200,000 shortcut ids 27.6 MB.
/** Messages listed per field in an error body (each message once); the rest are counted. */
export const FIELD_MESSAGES_MAX = 10;
/** Messages gathered per field before the body is cut (so `errors_total` counts them), the rest dropped. */
export const FIELD_MESSAGES_GATHERED_MAX = 1_000;
/** Fields listed in one error body; the rest are counted. */
export const ERROR_FIELDS_MAX = 50;
/** Characters of one listed message (a message quotes what was sent). */
export const ERROR_MESSAGE_CHARS_MAX = 300;

/**
 * Failures gathered per field in linear time: each message kept once (a Set, never a scan of the
 * messages before it: 20,000 unknown allergens took 19.7 s that way), at most
 * FIELD_MESSAGES_GATHERED_MAX per field; `total` counts every failure added, kept or not.
 */
export class FieldErrorList {
  readonly byField: FieldErrors = {};
  private readonly seen = new Map<string, Set<string>>();
  total = 0;

  constructor(prior: FieldErrors = {}) {
    for (const [field, messages] of Object.entries(prior)) for (const message of messages) this.add(field, message);
  }

  add(field: string, message: string): void {
    this.total++;
    let seen = this.seen.get(field);
    if (seen === undefined) {
      seen = new Set();
      this.seen.set(field, seen);
    }
    if (seen.size >= FIELD_MESSAGES_GATHERED_MAX || seen.has(message)) return;
    seen.add(message);
    (this.byField[field] ??= []).push(message);
  }

  has(field: string): boolean {
    return this.seen.has(field);
  }

  get any(): boolean {
    return this.total > 0;
  }
}

/** An error body's `errors`, cut to the budget above, with the count of every message when cut. */
export function boundedErrors(errors: FieldErrors): { errors: FieldErrors; total: number; truncated: boolean } {
  const out: FieldErrors = {};
  let total = 0;
  let truncated = false;
  let fields = 0;
  for (const field in errors) {
    if (!Object.hasOwn(errors, field)) continue;
    const messages = errors[field] ?? [];
    total += messages.length;
    if (fields >= ERROR_FIELDS_MAX || field.length > ERROR_MESSAGE_CHARS_MAX) {
      truncated = true;
      continue;
    }
    fields++;
    const kept: string[] = [];
    for (const message of messages) {
      if (kept.length >= FIELD_MESSAGES_MAX) {
        truncated = true;
        break;
      }
      kept.push(message.length > ERROR_MESSAGE_CHARS_MAX ? `${message.slice(0, ERROR_MESSAGE_CHARS_MAX)}...` : message);
    }
    out[field] = kept;
  }
  return { errors: out, total, truncated };
}
