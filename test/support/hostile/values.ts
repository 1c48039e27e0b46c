// Hostile values and field names for generated request bodies and queries. A body is a tree of
// these values; the encoders (encode.ts) write it as JSON, a Rails-style form or multipart. Objects
// are lists of entries so that duplicate and prototype-named keys ("__proto__") survive encoding.
import fc from 'fast-check';

// Each marker prints itself shortly (fast-check prints counterexamples; a 3,000-deep value would
// overflow its printer).

/** Text written as is: JSON literals JSON.stringify cannot make (1e999, -0) or invalid JSON. */
export class Raw {
  constructor(readonly text: string) {}
  [fc.toStringMethod](): string {
    return `Raw(${JSON.stringify(this.text.length > 40 ? `${this.text.slice(0, 40)}...` : this.text)})`;
  }
}

/** Bytes that are not valid UTF-8, written into a string (or a field name) unchanged. */
export class BadBytes {
  constructor(readonly bytes: Buffer) {}
  [fc.toStringMethod](): string {
    return `BadBytes(${this.bytes.toString('hex')})`;
  }
}

/** An array or object nested `depth` levels deep around `leaf`, expanded when encoded. */
export class Deep {
  constructor(
    readonly depth: number,
    readonly kind: 'array' | 'object',
    readonly key: string,
    readonly leaf: Value,
  ) {}
  expand(): Value {
    let value: Value = this.leaf;
    for (let i = 0; i < this.depth; i++) value = this.kind === 'array' ? [value] : new Obj([[this.key, value]]);
    return value;
  }
  [fc.toStringMethod](): string {
    return `Deep(${this.depth} ${this.kind}s${this.kind === 'object' ? ` keyed ${JSON.stringify(this.key)}` : ''})`;
  }
}

/** An array of `length` copies of `item` (or, distinct, of `item` numbered), expanded when encoded. */
export class Huge {
  constructor(
    readonly length: number,
    readonly item: Value,
    readonly distinct = false,
  ) {}
  expand(): Value[] {
    if (this.distinct) return Array.from({ length: this.length }, (_, i) => `${String(this.item)}${i}`);
    return new Array<Value>(this.length).fill(this.item);
  }
  [fc.toStringMethod](): string {
    return `Huge(${this.length} x ${JSON.stringify(this.item)}${this.distinct ? ', numbered' : ''})`;
  }
}

export type Key = string | BadBytes;
export type Value = null | boolean | number | string | Raw | BadBytes | Deep | Huge | Value[] | Obj;

export class Obj {
  constructor(readonly entries: Array<[Key, Value]>) {}
  static of(record: Record<string, unknown>): Obj {
    return new Obj(Object.entries(record).map(([k, v]) => [k, toValue(v)]));
  }
  [fc.toStringMethod](): string {
    return `{${this.entries.map(([k, v]) => `${typeof k === 'string' ? JSON.stringify(k) : fc.stringify(k)}: ${fc.stringify(v)}`).join(', ')}}`;
  }
}

function toValue(value: unknown): Value {
  if (value instanceof Obj || value instanceof Raw || value instanceof BadBytes || value instanceof Deep || value instanceof Huge)
    return value;
  if (Array.isArray(value)) return value.map(toValue);
  if (value !== null && typeof value === 'object') return Obj.of(value as Record<string, unknown>);
  return value as Value;
}

// Boundary and non-finite numbers as JSON numbers.
/** An arbitrary built on first use and shared after: building fc.string arbitraries costs ~1 ms each. */
function once<T>(build: () => fc.Arbitrary<T>): () => fc.Arbitrary<T> {
  let built: fc.Arbitrary<T> | undefined;
  return () => (built ??= build());
}

// Any code point, lone surrogates included. fc.string's own 'binary' unit does the same but builds a
// table of all 1.1 million code points when an arbitrary is made (about 300 ms each).
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c));

export const BOUNDARY_NUMBERS = [
  1e308,
  -1e308,
  1.79e308,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  -0,
  0,
  5e-324,
  -5e-324,
  Number.EPSILON,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 63,
  2 ** 64,
  1e20,
  1e21,
  -1,
  1,
  0.1,
  0.5,
  1 / 3,
  99.99999999999999,
  100,
  100.00000000000001,
  101,
  1e-7,
  1e-10,
  1e-300,
  0.0001,
  0.00009999,
  1e6,
  1e6 + 1,
  1e7,
  1e9,
  1e9 + 1,
  1e15,
  1e16,
];

// Literals only raw JSON text can carry (JSON.parse reads 1e999 as Infinity), and broken ones.
export const RAW_NUMBERS = [
  '1e999',
  '-1e999',
  '-0',
  '-0.0',
  '0e0',
  '1E+308',
  '123456789012345678901234567890',
  `0.${'0'.repeat(400)}1`,
  `1${'0'.repeat(400)}`,
  'NaN',
  'Infinity',
  '-Infinity',
  '01',
  '1.',
  '.5',
  '+1',
  '0x10',
  '1e',
  '-',
];

// Numbers as strings: forms carry nothing else, and JSON clients send them too.
export const NUMERIC_STRINGS = [
  'NaN',
  'nan',
  'Infinity',
  '-Infinity',
  'infinity',
  '1e308',
  '1.79e308',
  '1e309',
  '1e999',
  '-1e999',
  '-0',
  '5e-324',
  '1e-400',
  '1e20',
  '1e21',
  '0x1F',
  '0b101',
  '0o17',
  '1_000',
  ' 12 ',
  '12abc',
  '',
  ' ',
  '\t',
  '١٢٣',
  '１２',
  '+1',
  '.5',
  '5.',
  '1,5',
  '1.5.5',
  '--1',
  '1e',
  'e5',
  '9'.repeat(400),
  '2147483648',
  '9223372036854775808',
  '18446744073709551616',
  '-9007199254740993',
  '0.1e1',
  '1/2',
  '1 1/2',
  '0/0',
  '1/0',
];

const LONG_LENGTHS = [256, 1001, 5001, 20_001, 100_001];

export const NASTY_STRINGS = [
  "'; DROP TABLE recipes; --",
  '" OR 1=1 --',
  '\u0000',
  'a\u0000b',
  '\r\nX-Injected: 1',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template-injection probes are sent as plain text on purpose
  '${7*7}',
  '%00',
  '%ff',
  '%',
  '\ud800',
  '\udfff',
  'a\ud800b',
  '\ufeff',
  '\u202e',
  'Ω≈ç√',
  '名前',
  '🍕🍕',
  'ﷺ',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗͕',
  'null',
  'undefined',
  'true',
  'false',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'default',
  'rotate',
  '1 cup',
  '1 gram',
  'grams',
  'xyz zz',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31',
  '2026-11-18T12:00:00Z',
  '-2026-01-01',
  '2026-1-1',
  ' ',
  '\t\n',
];

export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
  '__lookupSetter__',
  'toJSON',
  'then',
];

export const NON_LATIN1_KEYS = ['名前', 'ключ', 'πεδίο', '🍕', 'a\u2028b', 'ﬁeld', 'ǅ', '\u200b', 'name\u0301', 'اسم'];

export { anyCodePoint };

export const INVALID_UTF8 = [
  [0xff],
  [0xfe, 0xff],
  [0xc3, 0x28],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0x80],
  [0xe2, 0x82],
  [0xf0, 0x9f, 0x8d],
].map((bytes) => Buffer.from(bytes));

export const badBytes = once(
  (): fc.Arbitrary<BadBytes> =>
    fc
      .tuple(fc.constantFrom(...INVALID_UTF8), fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }))
      .map(([bad, before, after]) => new BadBytes(Buffer.concat([Buffer.from(before), bad, Buffer.from(after)]))),
);

export const hostileNumber = once(
  (): fc.Arbitrary<Value> =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom<Value>(...BOUNDARY_NUMBERS) },
      { weight: 2, arbitrary: fc.constantFrom(...RAW_NUMBERS).map((t) => new Raw(t)) },
      { weight: 3, arbitrary: fc.constantFrom<Value>(...NUMERIC_STRINGS) },
      { weight: 2, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
      { weight: 1, arbitrary: fc.integer() },
    ),
);

export const hostileString = once(
  (): fc.Arbitrary<Value> =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom<Value>(...NASTY_STRINGS) },
      { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
      { weight: 1, arbitrary: fc.string({ unit: anyCodePoint, maxLength: 30 }) },
      {
        weight: 1,
        arbitrary: fc.tuple(fc.constantFrom(...LONG_LENGTHS), fc.constantFrom('x', 'é', '名', '🍕', ' ')).map(([n, c]) => c.repeat(n)),
      },
      { weight: 1, arbitrary: badBytes() },
    ),
);

export const deepValue = once(
  (): fc.Arbitrary<Value> =>
    fc
      .tuple(
        fc.constantFrom(2, 7, 50, 500, 3000),
        fc.constantFrom<'array' | 'object'>('array', 'object'),
        fc.constantFrom('a', 'constructor', '__proto__', '0'),
      )
      .map(([depth, kind, key]) => new Deep(depth, kind, key, 1)),
);

// Distinct items matter: a list of 20,000 equal tags is one tag.
export const hugeArray = once(
  (): fc.Arbitrary<Value> =>
    fc
      .tuple(fc.constantFrom(101, 1001, 20_000), fc.constantFrom<Value>(1, 'x', null, 1e308, ''), fc.boolean())
      .map(([n, item, distinct]) => new Huge(n, item, distinct)),
);

const smallObject = once(
  (): fc.Arbitrary<Value> =>
    fc.oneof(
      fc.constant(new Obj([])),
      fc
        .tuple(fc.constantFrom(...PROTOTYPE_KEYS, 'a', '0', 'name', 'id'), fc.constantFrom<Value>(null, 1, 'x', true, new Obj([])))
        .map(([k, v]) => new Obj([[k, v]])),
    ),
);

/** Anything at all, biased towards what breaks parsers and validators. */
export const hostileValue = once(
  (): fc.Arbitrary<Value> =>
    fc.oneof(
      { weight: 5, arbitrary: hostileNumber() },
      { weight: 4, arbitrary: hostileString() },
      { weight: 2, arbitrary: fc.constantFrom<Value>(null, true, false, [], [null], [1, 'a'], ['1', '2'], [[]]) },
      { weight: 2, arbitrary: smallObject() },
      { weight: 1, arbitrary: deepValue() },
      { weight: 1, arbitrary: hugeArray() },
    ),
);

/** A field name that is not a documented one. */
export const hostileKey = once(
  (): fc.Arbitrary<Key> =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom<Key>(...PROTOTYPE_KEYS) },
      { weight: 3, arbitrary: fc.constantFrom<Key>(...NON_LATIN1_KEYS) },
      {
        weight: 1,
        arbitrary: fc.constantFrom<Key>(
          '',
          ' ',
          'a b',
          'a.b',
          'a[b]',
          'a]',
          '[',
          'x'.repeat(300),
          'a\r\nX-Evil: 1',
          'a\u0000',
          'a,b',
          'id',
          'account_id',
          'ingredient',
          'recipe',
        ),
      },
      { weight: 1, arbitrary: fc.string({ unit: anyCodePoint, minLength: 1, maxLength: 12 }) },
      { weight: 1, arbitrary: badBytes() },
    ),
);
