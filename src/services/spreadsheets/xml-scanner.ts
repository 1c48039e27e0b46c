// A small incremental XML scanner for the parts of an XLSX workbook (ECMA-376 SpreadsheetML): it is
// fed text as the part inflates and reports elements and text, holding nothing but an unfinished tag.
// It reads what spreadsheet programs write (elements, attributes, text, the five predefined entities
// and character references, CDATA; comments, processing instructions and DOCTYPE skipped) and never
// expands a declared entity, so no document can grow while it is read. Element and attribute names
// lose their namespace prefix (`x:c` is `c`, `r:id` is `id`): workbooks use the same names under
// several prefixes.
import { MAX_XML_TAG_CHARS } from './limits.js';
import { UnreadableSheet } from './sheet-bounds.js';

export interface XmlHandler {
  open(name: string, attributes: Record<string, string>): void;
  /** After `open` for every element, a self-closing one included. */
  close(name: string): void;
  text(text: string): void;
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name[0] !== '#') return PREDEFINED[name] ?? whole;
    const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The index of the `>` that ends the tag starting at `from` (quotes respected), or -1. */
function tagEnd(text: string, from: number): number {
  let quote = '';
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '>') return i;
  }
  return -1;
}

export class XmlScanner {
  private rest = '';

  constructor(private readonly handler: XmlHandler) {}

  write(chunk: string): void {
    const text = this.rest + chunk;
    let at = 0;
    for (;;) {
      const lt = text.indexOf('<', at);
      if (lt === -1) {
        // Text up to the end; an entity cut by the chunk's end waits for the next chunk.
        const amp = text.lastIndexOf('&');
        const cut = amp >= at && !text.includes(';', amp) && text.length - amp < 16 ? amp : text.length;
        if (cut > at) this.handler.text(decodeEntities(text.slice(at, cut)));
        this.rest = text.slice(cut);
        return;
      }
      if (lt > at) this.handler.text(decodeEntities(text.slice(at, lt)));
      const next = this.markup(text, lt);
      if (next === -1) {
        this.rest = text.slice(lt);
        if (this.rest.length > MAX_XML_TAG_CHARS) throw new UnreadableSheet('the XLSX file cannot be read (an XML tag too long to be one)');
        return;
      }
      at = next;
    }
  }

  /** Reports the markup at `lt`; the index after it, or -1 when it is not complete yet. */
  private markup(text: string, lt: number): number {
    if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt + 4);
      return end === -1 ? -1 : end + 3;
    }
    if (text.startsWith('<![CDATA[', lt)) {
      const end = text.indexOf(']]>', lt + 9);
      if (end === -1) return -1;
      this.handler.text(text.slice(lt + 9, end));
      return end + 3;
    }
    if (text.startsWith('<?', lt)) {
      const end = text.indexOf('?>', lt + 2);
      return end === -1 ? -1 : end + 2;
    }
    const end = tagEnd(text, lt + 1);
    if (end === -1) return -1;
    if (text[lt + 1] === '!') return end + 1; // DOCTYPE and the like: skipped, never expanded
    if (text[lt + 1] === '/') {
      this.handler.close(localName(text.slice(lt + 2, end).trim()));
      return end + 1;
    }
    const selfClosing = text[end - 1] === '/';
    const body = text.slice(lt + 1, selfClosing ? end - 1 : end);
    const space = body.search(/\s/);
    const name = localName(space === -1 ? body : body.slice(0, space));
    // No prototype: an attribute named __proto__ is an attribute like any other.
    const attributes: Record<string, string> = Object.create(null);
    if (space !== -1) {
      for (const [, name = '', doubleQuoted, singleQuoted] of body.slice(space).matchAll(ATTRIBUTE)) {
        attributes[localName(name)] = decodeEntities(doubleQuoted ?? singleQuoted ?? '');
      }
    }
    this.handler.open(name, attributes);
    if (selfClosing) this.handler.close(name);
    return end + 1;
  }
}
