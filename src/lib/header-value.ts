// Response header values made from client input. Node refuses (and fastify then answers 500) a
// header value outside Latin-1 or with control characters; a value made of what a client sent
// must therefore be encoded, never passed through.

const MAX_LENGTH = 1024;

const percentEncode = (character: string): string =>
  [...Buffer.from(character, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/**
 * One item of a comma-separated header list: visible ASCII stays as it is; anything else, and the
 * `%` and `,` that would make the list ambiguous, is percent-encoded as UTF-8 (a lone surrogate as
 * U+FFFD), like a URL component.
 */
export function headerListItem(text: string): string {
  return text.replace(/[^\x21-\x7e]|[%,]/gu, percentEncode);
}

/** A comma-separated header list of client-chosen names, cut short (", ...") past 1 KiB. */
export function headerList(items: Iterable<string>): string {
  let value = '';
  for (const item of items) {
    const next = value === '' ? headerListItem(item) : `${value}, ${headerListItem(item)}`;
    if (next.length > MAX_LENGTH) return `${value}, ...`;
    value = next;
  }
  return value;
}
