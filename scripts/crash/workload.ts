// The write load and what it must find after every crash. Each worker owns its records (no two
// workers write one record), sends one request at a time, and remembers for every record the state
// its last acknowledged (2xx) write left, plus the one write in flight when the server died, whose
// effect may or may not have committed. A check reads every record back through the API:
// - lost: an acknowledged record (ingredient, recipe, line, cost entry) is missing;
// - torn: a record is there but a field is neither as acknowledged nor as the write in flight left
//   it, or a recipe made in one call with its lines has lost or gained lines.

export type Random = () => number;

/** A small seeded generator (mulberry32): the same seed gives the same sequence of operations. */
export function seeded(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Versioned<T> {
  acked: T;
  /** The write in flight when the connection died: it may have committed. */
  inFlight?: T;
}

interface IngredientRecord extends Versioned<{ name: string; brand: string; calories: number }> {
  id: number;
}
interface LineRecord extends Versioned<{ quantity: number }> {
  id: number;
}
interface RecipeRecord extends Versioned<{ name: string; sku: string | null; servings: number }> {
  id: number;
  /** Lines made with the recipe in one call (their ids are learnt at the first check). */
  madeWith: Array<{ ingredient_id: number; quantity: number }>;
  lines: LineRecord[];
  /** A line add in flight when the connection died. */
  addInFlight?: { ingredient_id: number; quantity: number };
}
interface CostRecord extends Versioned<{ price: number; effective_at: string }> {
  id: number;
}

export interface Tally {
  attempted: number;
  acknowledged: number;
  /** No answer: the server died with the request in flight. */
  unanswered: number;
  /** Answered with an error status (4xx/5xx); `errors5xx` counts the 5xx among them. */
  refused: number;
  errors5xx: number;
  lost: number;
  torn: number;
  checked: number;
  problems: string[];
}

export const emptyTally = (): Tally => ({
  attempted: 0,
  acknowledged: 0,
  unanswered: 0,
  refused: 0,
  errors5xx: 0,
  lost: 0,
  torn: 0,
  checked: 0,
  problems: [],
});

/** Raised when the request got no answer (connection refused or reset): the server is down. */
export class Unanswered extends Error {}

export interface Api {
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
}

export function httpApi(baseUrl: () => string, key: () => string): Api {
  return {
    async call(method, path, body) {
      let response: Response;
      try {
        response = await fetch(`${baseUrl()}${path}`, {
          method,
          headers: { authorization: `Token token=${key()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(60_000),
        });
      } catch (error) {
        throw new Unanswered(String(error));
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw new Unanswered(String(error));
      }
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
  };
}

const nutrients = (calories: number) => ({
  description1: '1 cup',
  weight1: 100,
  calories,
  protein: 10,
  fat: 1,
  fat_saturated: 0.2,
  fat_trans: 0,
  cholesterol: 0,
  carbohydrate: 70,
  fiber: 3,
  sugar: 1,
  added_sugar: 0,
  sodium: 2,
  calcium: 15,
  iron: 1,
  vitamin_a_IU: 0,
  vitamin_c: 0,
});

const MAX_LINES = 12;

/** One worker's records and its next write. */
export class Worker {
  readonly ingredients: IngredientRecord[] = [];
  readonly recipes: RecipeRecord[] = [];
  readonly costs: CostRecord[] = [];
  #serial = 0;

  constructor(
    readonly index: number,
    private readonly api: Api,
    private readonly random: Random,
    private readonly tally: Tally,
  ) {}

  #pick<T>(list: T[]): T {
    return list[Math.floor(this.random() * list.length)]!;
  }

  #name(kind: string): string {
    return `w${this.index}-${kind}-${++this.#serial}`;
  }

  /** Sends one write; true when acknowledged. Unanswered propagates (after marking the record in flight). */
  async #write(method: string, path: string, body: unknown, markInFlight: () => void, clearInFlight: () => void): Promise<any | null> {
    this.tally.attempted++;
    markInFlight();
    let answer: Awaited<ReturnType<typeof this.api.call>>;
    try {
      answer = await this.api.call(method, path, body);
    } catch (error) {
      if (error instanceof Unanswered) this.tally.unanswered++;
      throw error;
    }
    clearInFlight();
    if (answer.status >= 200 && answer.status < 300) {
      this.tally.acknowledged++;
      return answer.body;
    }
    this.tally.refused++;
    if (answer.status >= 500) {
      this.tally.errors5xx++;
      this.tally.problems.push(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
    }
    return null;
  }

  /** One random write, chosen so that every kind keeps happening. */
  async step(): Promise<void> {
    const roll = this.random();
    const none = () => undefined;
    if (this.ingredients.length < 3 || roll < 0.15) {
      const fields = { name: this.#name('ingredient'), brand: 'b0', calories: 100 + Math.floor(this.random() * 300) };
      const body = await this.#write(
        'POST',
        '/v1/ingredients',
        { ingredient: { ...nutrients(fields.calories), name: fields.name, brand: fields.brand } },
        none,
        none,
      );
      if (body) this.ingredients.push({ id: body.ingredient.id, acked: fields });
      return;
    }
    if (roll < 0.3) {
      const record = this.#pick(this.ingredients);
      const next = { ...record.acked, brand: `b${++this.#serial}`, calories: 100 + Math.floor(this.random() * 300) };
      const body = await this.#write(
        'PUT',
        `/v1/ingredients/${record.id}`,
        { ingredient: { brand: next.brand, calories: next.calories } },
        () => (record.inFlight = next),
        () => (record.inFlight = undefined),
      );
      if (body) record.acked = next;
      return;
    }
    if (this.recipes.length < 2 || roll < 0.45) {
      const lines = Array.from({ length: 1 + Math.floor(this.random() * 4) }, () => ({
        ingredient_id: this.#pick(this.ingredients).id,
        quantity: 10 + Math.floor(this.random() * 500),
      }));
      const fields = { name: this.#name('recipe'), sku: null, servings: 1 + Math.floor(this.random() * 8) };
      const body = await this.#write(
        'POST',
        '/v1/recipes/shortcut',
        {
          recipe: { ...fields, recipe_ingredients: lines.map((l) => ({ ...l, unit: '1 gram' })) },
        },
        none,
        none,
      );
      if (body) this.recipes.push({ id: body.recipe.id, acked: fields, madeWith: lines, lines: [] });
      return;
    }
    if (roll < 0.6) {
      const record = this.#pick(this.recipes);
      const next = { ...record.acked, sku: `SKU-${++this.#serial}`, servings: 1 + Math.floor(this.random() * 8) };
      const body = await this.#write(
        'PUT',
        `/v1/recipes/${record.id}`,
        { recipe: { sku: next.sku, servings: next.servings } },
        () => (record.inFlight = next),
        () => (record.inFlight = undefined),
      );
      if (body) record.acked = next;
      return;
    }
    if (roll < 0.72) {
      const record = this.#pick(this.recipes);
      if (record.madeWith.length + record.lines.length >= MAX_LINES) return;
      const line = { ingredient_id: this.#pick(this.ingredients).id, quantity: 10 + Math.floor(this.random() * 500) };
      const body = await this.#write(
        'POST',
        `/v1/recipes/${record.id}/recipe_ingredients`,
        { recipe_ingredient: { ...line, unit: '1 gram' } },
        () => (record.addInFlight = line),
        () => (record.addInFlight = undefined),
      );
      if (body) record.lines.push({ id: body.recipe_ingredient.id, acked: { quantity: line.quantity } });
      return;
    }
    if (roll < 0.82) {
      const record = this.#pick(this.recipes);
      if (record.lines.length === 0) return;
      const line = this.#pick(record.lines);
      const next = { quantity: 10 + Math.floor(this.random() * 500) };
      const body = await this.#write(
        'PUT',
        `/v1/recipes/${record.id}/recipe_ingredients/${line.id}`,
        { recipe_ingredient: { quantity: next.quantity } },
        () => (line.inFlight = next),
        () => (line.inFlight = undefined),
      );
      if (body) line.acked = next;
      return;
    }
    if (this.costs.length < 2 || roll < 0.92) {
      const ingredient = this.#pick(this.ingredients);
      // A date of its own per entry (one entry per ingredient and date, docs/api.md#costs).
      const day = ++this.#serial;
      const fields = {
        price: (100 + Math.floor(this.random() * 9999)) / 100,
        effective_at: new Date(Date.UTC(2020, 0, day)).toISOString().slice(0, 10),
      };
      const body = await this.#write(
        'POST',
        '/v1/ingredient_costs',
        {
          ingredient_cost: { ingredient_id: ingredient.id, unit: '1 kg', quantity: 1, shipping: 0, ...fields },
        },
        none,
        none,
      );
      if (body) this.costs.push({ id: body.ingredient_cost.id, acked: fields });
      return;
    }
    const record = this.#pick(this.costs);
    const next = { ...record.acked, price: (100 + Math.floor(this.random() * 9999)) / 100 };
    const body = await this.#write(
      'PUT',
      `/v1/ingredient_costs/${record.id}`,
      { ingredient_cost: { price: next.price } },
      () => (record.inFlight = next),
      () => (record.inFlight = undefined),
    );
    if (body) record.acked = next;
  }

  /** Reads every record back; adopts what a write in flight left, counts what is lost or torn. */
  async check(): Promise<void> {
    const t = this.tally;
    const problem = (kind: 'lost' | 'torn', what: string) => {
      t[kind]++;
      if (t.problems.length < 50) t.problems.push(`${kind}: ${what}`);
    };
    const read = async (path: string) => {
      const answer = await this.api.call('GET', path);
      if (answer.status >= 500) throw new Error(`GET ${path}: ${answer.status}`);
      return answer;
    };
    const settle = <T>(record: Versioned<T>, stored: T, what: string) => {
      const same = (a: T, b: T) => JSON.stringify(a) === JSON.stringify(b);
      if (same(stored, record.acked)) {
        record.inFlight = undefined;
      } else if (record.inFlight && same(stored, record.inFlight)) {
        record.acked = record.inFlight;
        record.inFlight = undefined;
      } else {
        problem('torn', `${what}: stored ${JSON.stringify(stored)}, acknowledged ${JSON.stringify(record.acked)}`);
        record.acked = stored;
        record.inFlight = undefined;
      }
    };
    for (const record of this.ingredients) {
      t.checked++;
      const answer = await read(`/v1/ingredients/${record.id}`);
      if (answer.status === 404) {
        problem('lost', `ingredient ${record.id}`);
        continue;
      }
      const i = answer.body.ingredient;
      settle(record, { name: i.name, brand: i.brand, calories: i.calories }, `ingredient ${record.id}`);
    }
    for (const record of this.costs) {
      t.checked++;
      const answer = await read(`/v1/ingredient_costs/${record.id}`);
      if (answer.status === 404) {
        problem('lost', `ingredient cost ${record.id}`);
        continue;
      }
      const c = answer.body.ingredient_cost;
      settle(record, { price: c.price, effective_at: c.effective_at }, `ingredient cost ${record.id}`);
    }
    for (const record of this.recipes) {
      t.checked++;
      const answer = await read(`/v1/recipes/${record.id}`);
      if (answer.status === 404) {
        problem('lost', `recipe ${record.id}`);
        continue;
      }
      const r = answer.body.recipe;
      settle(record, { name: r.name, sku: r.sku, servings: r.servings }, `recipe ${record.id}`);
      const listed = await read(`/v1/recipes/${record.id}/recipe_ingredients`);
      const stored: Array<{ id: number; ingredient_id: number; quantity: number }> = listed.body.recipe.recipe_ingredients.map(
        (l: any) => l.recipe_ingredient,
      );
      const byId = new Map(stored.map((l) => [l.id, l]));
      for (const line of record.lines) {
        t.checked++;
        const found = byId.get(line.id);
        if (!found) {
          problem('lost', `line ${line.id} of recipe ${record.id}`);
          continue;
        }
        byId.delete(line.id);
        settle(line, { quantity: found.quantity }, `line ${line.id} of recipe ${record.id}`);
      }
      // What is left: the lines made with the recipe, and the add in flight if it committed.
      const rest = [...byId.values()];
      const key = (l: { ingredient_id: number; quantity: number }) => `${l.ingredient_id}x${l.quantity}`;
      const expected = record.madeWith.map(key).sort();
      let actual = rest.map(key).sort();
      if (record.addInFlight && actual.length === expected.length + 1) {
        const adopted = rest.find(
          (l) =>
            key(l) === key(record.addInFlight!) && actual.filter((k) => k === key(l)).length > expected.filter((k) => k === key(l)).length,
        );
        if (adopted) {
          record.lines.push({ id: adopted.id, acked: { quantity: adopted.quantity } });
          actual = rest
            .filter((l) => l !== adopted)
            .map(key)
            .sort();
        }
      }
      record.addInFlight = undefined;
      t.checked++;
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        problem('torn', `recipe ${record.id} made with lines ${expected.join(',')}, has ${actual.join(',')}`);
      }
    }
  }
}
