// Recipe names, statements and notes come from users: everything printed goes through here.

// XML 1.0 allows tab, LF, CR and U+0020 upwards, minus the surrogates and U+FFFE/U+FFFF.
// A stray NUL or lone surrogate would make the whole SVG unparsable (resvg refuses it), so drop them.
// eslint-disable-next-line no-control-regex
const NOT_XML_CHAR =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Removes characters XML cannot carry. */
export function xmlSafe(text: string): string {
  return text.replace(NOT_XML_CHAR, '');
}

/** Escapes text for XML/HTML content and double- or single-quoted attribute values. */
export function escapeXml(text: string): string {
  return xmlSafe(text).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
