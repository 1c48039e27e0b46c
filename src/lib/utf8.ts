// Text from clients must be valid UTF-8 (docs/api.md#request-bodies): a decoder that replaces bad bytes with
// U+FFFD would store text the client never wrote. Raw bytes and %XX escapes are checked alike.

import { workStep } from './work-steps.js';

const strict = new TextDecoder('utf-8', { fatal: true });

/** The text the bytes encode, or null when they are not valid UTF-8. A leading BOM is dropped. */
export function utf8OrNull(bytes: Uint8Array): string | null {
  try {
    return strict.decode(bytes);
  } catch {
    return null;
  }
}

// U+0000 is not text (PostgreSQL refuses it in text columns), and a lone UTF-16 surrogate (a JSON
// "\ud800" escape) spells no character: UTF-8 cannot encode it, so storing it would store U+FFFD.
const NOT_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a decoded string is text every database stores as sent. */
export function isText(text: string): boolean {
  return !NOT_TEXT.test(text);
}

/**
 * Whether JSON text may spell something that is not text: valid UTF-8 JSON can hold U+0000 or a lone
 * surrogate only as a `\u` escape (a raw control character is invalid JSON, and the bytes were
 * decoded strictly). When it cannot, the parsed value needs no walk (isTextThroughout): one native
 * search of the text instead of a regular expression on each of its strings (an 840 KB object of
 * 46,000 members took 60 ms).
 */
export function jsonMayHoldNonText(json: string): boolean {
  return /\\u(?:0000|[dD][89a-fA-F])/.test(json);
}

/** Whether every string and member name inside a parsed JSON value is text (iterative: any depth). */
export function isTextThroughout(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    workStep();
    if (typeof next === 'string') {
      if (!isText(next)) return false;
    } else if (next !== null && typeof next === 'object') {
      // One push per item: a spread passes every item as an argument, and 125,000 of them overflowed
      // the stack (the body was then refused as holding "__proto__").
      if (Array.isArray(next)) for (const item of next) pending.push(item);
      else
        for (const [key, member] of Object.entries(next)) {
          if (!isText(key)) return false;
          pending.push(member);
        }
    }
  }
  return true;
}

/**
 * Decodes a form or query component ("+" is a space). A "%" not followed by two hex digits stays as
 * written (a search for "50%" works); escapes that spell invalid UTF-8, or U+0000, are refused (null).
 */
export function formComponentOrNull(text: string): string | null {
  const spaced = text.replace(/\+/g, ' ');
  let decoded: string;
  try {
    decoded = spaced.includes('%') ? decodeURIComponent(spaced.replace(/%(?![0-9a-fA-F]{2})/g, '%25')) : spaced;
  } catch {
    return null;
  }
  return isText(decoded) ? decoded : null;
}
