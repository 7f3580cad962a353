import { SaxesParser } from 'saxes';

/** XML parsed by a conforming parser (saxes), which throws on anything not well-formed. */

export interface XmlNode {
  /** The qualified name, as written (`x:sheet`). */
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  /** The element's own text, entities decoded. */
  text: string;
}

/** saxes' verdict on a part: why it is not well-formed (namespaces included), or null. */
export function wellFormedError(xml: string): string | null {
  try {
    parseXml(xml);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

export function parseXml(xml: string, xmlns = true): XmlNode {
  const parser = new SaxesParser({ xmlns });
  const root: XmlNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack = [root];
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const [name, attr] of Object.entries(tag.attributes)) {
      attrs[name] = typeof attr === 'string' ? attr : attr.value;
    }
    const node: XmlNode = { name: tag.name, attrs, children: [], text: '' };
    stack[stack.length - 1].children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => void stack.pop());
  parser.on('text', (t) => (stack[stack.length - 1].text += t));
  parser.on('error', (e) => {
    throw e;
  });
  parser.write(xml).close();
  return root.children[0];
}

/** Every element of the tree named `name` (with or without a prefix), in document order. */
export function findAll(node: XmlNode, name: string): XmlNode[] {
  const local = (n: string) => n.slice(n.indexOf(':') + 1);
  const found: XmlNode[] = [];
  const walk = (n: XmlNode) => {
    if (local(n.name) === name) found.push(n);
    n.children.forEach(walk);
  };
  walk(node);
  return found;
}
