// A small XML walker for the renderer's own SVG output: enough to find rows, texts and attributes,
// and strict enough to fail on unbalanced tags or raw "<" / "&" in text.

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  parent: XmlElement | null;
}
export type XmlNode = XmlElement | string;

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

function decode(s: string): string {
  if (/&(?!(amp|lt|gt|quot|#39);)/.test(s)) throw new Error(`bad entity in ${JSON.stringify(s.slice(0, 60))}`);
  return s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ENTITY[e]!);
}

export function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: '#root', attrs: {}, children: [], parent: null };
  let current = root;
  const token = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>|<!doctype[^>]*>|([^<]+)|(<)/gi;
  for (let m = token.exec(xml); m; m = token.exec(xml)) {
    if (m[6]) throw new Error(`stray "<" at ${m.index}`);
    if (m[5] !== undefined) {
      current.children.push(decode(m[5]));
      continue;
    }
    if (!m[2]) continue;
    const [, close, name, attrText, selfClose] = m;
    if (close) {
      if (current.name !== name) throw new Error(`</${name}> closes <${current.name}>`);
      current = current.parent!;
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of attrText!.matchAll(/([\w:-]+)="([^"]*)"/g)) attrs[a[1]!] = decode(a[2]!);
    const el: XmlElement = { name: name!, attrs, children: [], parent: current };
    current.children.push(el);
    if (!selfClose) current = el;
  }
  if (current !== root) throw new Error(`<${current.name}> never closed`);
  return root;
}

export function elements(node: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (n: XmlElement): void => {
    for (const c of n.children) {
      if (typeof c === 'string') continue;
      if (!name || c.name === name) out.push(c);
      walk(c);
    }
  };
  walk(node);
  return out;
}

export function textOf(node: XmlElement): string {
  return node.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');
}

/** Inherited attribute lookup (font-weight is set on the <text> itself, data-key on its group). */
export function inherited(node: XmlElement, attr: string): string | undefined {
  for (let n: XmlElement | null = node; n; n = n.parent) if (n.attrs[attr] !== undefined) return n.attrs[attr];
  return undefined;
}

/** data-key values in first-appearance order. */
export function rowKeys(svg: XmlElement): string[] {
  const keys: string[] = [];
  for (const g of elements(svg, 'g')) {
    const k = g.attrs['data-key'];
    if (k !== undefined && !keys.includes(k)) keys.push(k);
  }
  return keys;
}

/** The <text> elements of one row. */
export function rowTexts(svg: XmlElement, key: string): XmlElement[] {
  return elements(svg, 'text').filter((t) => inherited(t, 'data-key') === key);
}
