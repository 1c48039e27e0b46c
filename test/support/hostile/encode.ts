// Writes a generated body (values.ts) as bytes: JSON, a Rails-style form (`recipe[name]=...`,
// `tags[]=x`) or multipart/form-data with the same names, whole or damaged on purpose.
import { BadBytes, Deep, Huge, Obj, Raw, type Key, type Value } from './values.js';

const bytesOf = (text: string) => Buffer.from(text, 'utf8');

function keyBytes(key: Key): Buffer {
  return key instanceof BadBytes ? key.bytes : bytesOf(key);
}

export function encodeJson(value: Value): Buffer {
  const out: Buffer[] = [];
  const write = (v: Value): void => {
    if (v instanceof Deep) {
      // Written flat: recursing 3,000 levels would overflow this encoder's own stack.
      out.push(bytesOf((v.kind === 'array' ? '[' : `{${JSON.stringify(v.key)}:`).repeat(v.depth)));
      write(v.leaf);
      out.push(bytesOf((v.kind === 'array' ? ']' : '}').repeat(v.depth)));
    } else if (v instanceof Huge) write(v.expand());
    else if (v instanceof Raw) out.push(bytesOf(v.text));
    else if (v instanceof BadBytes) out.push(bytesOf('"'), v.bytes, bytesOf('"'));
    else if (v instanceof Obj) {
      out.push(bytesOf('{'));
      v.entries.forEach(([k, item], i) => {
        if (i > 0) out.push(bytesOf(','));
        if (k instanceof BadBytes) out.push(bytesOf('"'), k.bytes, bytesOf('"'));
        else out.push(bytesOf(JSON.stringify(k)));
        out.push(bytesOf(':'));
        write(item);
      });
      out.push(bytesOf('}'));
    } else if (Array.isArray(v)) {
      out.push(bytesOf('['));
      v.forEach((item, i) => {
        if (i > 0) out.push(bytesOf(','));
        write(item);
      });
      out.push(bytesOf(']'));
    } else out.push(bytesOf(JSON.stringify(v) ?? 'null'));
  };
  write(value);
  return Buffer.concat(out);
}

/** Name/value pairs as a Rails client writes them: `a[b][]=1`. Values are bytes, unescaped. */
export function formPairs(value: Value, prefix: Buffer | null = null): Array<[Buffer, Buffer]> {
  // Form names grow with depth (a[0][0]...): 200 levels is already far past what the parser reads.
  if (value instanceof Deep) return formPairs(new Deep(Math.min(value.depth, 200), value.kind, value.key, value.leaf).expand(), prefix);
  if (value instanceof Huge) return formPairs(value.expand(), prefix);
  const name = (key: Buffer) => (prefix ? Buffer.concat([prefix, bytesOf('['), key, bytesOf(']')]) : key);
  if (value instanceof Obj) {
    if (value.entries.length === 0) return prefix ? [[prefix, Buffer.alloc(0)]] : [];
    return value.entries.flatMap(([k, v]) => formPairs(v, name(keyBytes(k))));
  }
  if (Array.isArray(value)) {
    const scalar = value.every((v) => !(v instanceof Obj) && !Array.isArray(v));
    return value.flatMap((v, i) =>
      formPairs(v, scalar ? Buffer.concat([prefix ?? Buffer.alloc(0), bytesOf('[]')]) : name(bytesOf(String(i)))),
    );
  }
  const leaf =
    value instanceof Raw ? bytesOf(value.text) : value instanceof BadBytes ? value.bytes : bytesOf(value === null ? '' : String(value));
  return [[prefix ?? bytesOf('value'), leaf]];
}

// Every byte's form in a URL: unreserved characters as they are, everything else %XX.
const ESCAPED = Array.from({ length: 256 }, (_, byte) => {
  const ch = String.fromCharCode(byte);
  return /[A-Za-z0-9\-_.~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
});
const WITH_BRACKETS = ESCAPED.map((escaped, byte) => (byte === 0x5b ? '[' : byte === 0x5d ? ']' : escaped));

/** Percent-encodes every byte but the unreserved ones (invalid UTF-8 stays invalid once decoded). */
export function percentEncode(bytes: Buffer, keepBrackets = false): string {
  const table = keepBrackets ? WITH_BRACKETS : ESCAPED;
  const out = new Array<string>(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = table[bytes[i]!]!;
  return out.join('');
}

export function encodeForm(value: Value, prefix: string | null): Buffer {
  return bytesOf(
    formPairs(value, prefix === null ? null : bytesOf(prefix))
      .map(([k, v]) => `${percentEncode(k, true)}=${percentEncode(v)}`)
      .join('&'),
  );
}

export type MultipartDamage =
  | 'none'
  | 'truncated'
  | 'file-part'
  | 'file-part-truncated'
  | 'no-final-boundary'
  | 'oversized-field'
  | 'header-garbage';

export function encodeMultipart(
  value: Value,
  prefix: string | null,
  boundary: string,
  damage: MultipartDamage,
  options: { cut: number; bodyLimit: number },
): Buffer {
  const parts: Buffer[] = [];
  const crlf = bytesOf('\r\n');
  const part = (name: Buffer, body: Buffer, filename?: string) =>
    parts.push(
      bytesOf(`--${boundary}\r\nContent-Disposition: form-data; name="`),
      name,
      bytesOf(`"${filename ? `; filename="${filename}"` : ''}\r\n\r\n`),
      body,
      crlf,
    );
  for (const [name, body] of formPairs(value, prefix === null ? null : bytesOf(prefix))) part(name, body);
  if (damage === 'file-part' || damage === 'file-part-truncated') part(bytesOf('f'), bytesOf('hello'), 'a.txt');
  if (damage === 'oversized-field') part(bytesOf('big'), Buffer.alloc(options.bodyLimit + 1024, 0x61));
  if (damage === 'header-garbage') parts.push(bytesOf(`--${boundary}\r\nContent-Disposition: form-data\r\n\u00ff\u0000: \r\n\r\nx\r\n`));
  if (damage !== 'no-final-boundary') parts.push(bytesOf(`--${boundary}--\r\n`));
  const whole = Buffer.concat(parts);
  // A body cut anywhere (a file part cut mid-content is the case that once killed the process).
  if (damage === 'truncated' || damage === 'file-part-truncated')
    return whole.subarray(0, Math.max(1, Math.floor(whole.length * options.cut)));
  return whole;
}
