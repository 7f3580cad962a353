import { NOT_XML_CHARS } from '../../src/sheet-names';

/**
 * A small, strict scanner for the few package parts Praetor edits as text (the content types,
 * the sheet index, its relationships and the styles). It checks that a part is well-formed XML
 * (and namespace-well-formed) and gives its elements with where their tags are, so that an edit
 * is made at an element's own tags: a comment, a CDATA section or a processing instruction that
 * holds markup is never taken for it, and `</sheets >` or `count='2'` are read like any tag.
 * These parts are a few kilobytes: a pass over one takes some microseconds.
 */

export interface XmlAttr {
  /** As written: `count`, `r:id`, `xmlns:x`. */
  name: string;
  /** Its value with the entities resolved. */
  value: string;
  /** Where the value is written, between its quotes. */
  valueStart: number;
  valueEnd: number;
}

export interface XmlElement {
  /** As written: `x:sheet`. */
  name: string;
  /** `x:`, or `` for an element written without a prefix. */
  prefix: string;
  local: string;
  attrs: XmlAttr[];
  parent: XmlElement | null;
  children: XmlElement[];
  /** The start tag is at [start, startEnd); the end tag at [endStart, end). */
  start: number;
  startEnd: number;
  endStart: number;
  end: number;
  /** `<x/>`: then endStart = end = startEnd. */
  selfClosing: boolean;
}

/** A part that is not well-formed XML; the message says where and why. */
export class XmlError extends Error {}

const S = '[ \\t\\r\\n]';
// XML 1.0 (fifth edition) names beyond ASCII, without colons: prefixes are matched apart.
const START_CHAR =
  'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NAME_CHAR = `${START_CHAR}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F\\u2040`;
const NCNAME = new RegExp(`^[${START_CHAR}][${NAME_CHAR}]*$`, 'u');
/** ASCII characters of names: 2 for one a name may start with, 1 for one it may hold. */
const ASCII_NAME = Uint8Array.from({ length: 128 }, (_, c) =>
  /[A-Za-z_]/.test(String.fromCharCode(c)) ? 2 : /[0-9.-]/.test(String.fromCharCode(c)) ? 1 : 0,
);
const EQ = `${S}*=${S}*`;
const XML_DECL = new RegExp(
  `<\\?xml${S}+version${EQ}(?:"1\\.[0-9]+"|'1\\.[0-9]+')` +
    `(?:${S}+encoding${EQ}(?:"[A-Za-z][\\w.-]*"|'[A-Za-z][\\w.-]*'))?` +
    `(?:${S}+standalone${EQ}(?:"(?:yes|no)"|'(?:yes|no)'))?${S}*\\?>`,
  'y',
);
const ONLY_SPACE = new RegExp(`^${S}*$`);

/** The first character XML 1.0 cannot hold at all, if any. */
const NOT_XML = new RegExp(NOT_XML_CHARS.source);
const REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#([0-9]+)|#x([0-9a-fA-F]+));/y;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

const isChar = (c: number) =>
  c === 0x9 ||
  c === 0xa ||
  c === 0xd ||
  (c >= 0x20 && c <= 0xd7ff) ||
  (c >= 0xe000 && c <= 0xfffd) ||
  (c >= 0x10000 && c <= 0x10ffff);

/**
 * Text or an attribute value with its references resolved; `bad` is told, at the offset of its
 * `&`, of a bare `&` or of a reference to no character XML can hold, and throws.
 */
function resolveReferences(text: string, bad: (offset: number, why: string) => never): string {
  let out = '';
  let from = 0;
  for (let amp = text.indexOf('&'); amp >= 0; amp = text.indexOf('&', from)) {
    REFERENCE.lastIndex = amp;
    const m = REFERENCE.exec(text);
    if (!m) return bad(amp, 'a "&" that starts no entity (write "&amp;")');
    const code = m[2] ? Number(m[2]) : m[3] ? parseInt(m[3], 16) : -1;
    if (code !== -1 && !isChar(code)) bad(amp, `${m[0]} is no character XML can hold`);
    out += text.slice(from, amp) + (code === -1 ? ENTITIES[m[1]] : String.fromCodePoint(code));
    from = amp + m[0].length;
  }
  return out + text.slice(from);
}

const isSpace = (c: number) => c === 0x20 || c === 0x9 || c === 0xa || c === 0xd;

function skipSpace(xml: string, at: number): number {
  while (isSpace(xml.charCodeAt(at))) at++;
  return at;
}

const startsName = (xml: string, at: number) => ASCII_NAME[xml.charCodeAt(at)] === 2;

/** The name (with at most one colon, inside it) that starts at `at`, or '' when none does. */
function nameAt(xml: string, at: number): string {
  let end = at;
  let colon = -1;
  let ascii = true;
  for (; end < xml.length; end++) {
    const c = xml.charCodeAt(end);
    if (c >= 128) ascii = false;
    else if (c === 0x3a /* : */) {
      if (colon >= 0) return '';
      colon = end;
    } else if (ASCII_NAME[c] === 0) break;
  }
  const name = xml.slice(at, end);
  if (!ascii) {
    const parts = name.split(':');
    return parts.every((p) => NCNAME.test(p)) ? name : '';
  }
  return startsName(xml, at) && (colon < 0 || startsName(xml, colon + 1)) ? name : '';
}

/**
 * The part's root element, its whole tree scanned; throws an XmlError when not well-formed.
 * `keep`, if given, is asked at the start tag of each element (but the root) whose parent is
 * kept, its attributes and ancestors known: an element it refuses is checked like any other,
 * but left out of its parent's children, with all it holds. A large part's tree is most of
 * the scan's cost (a sheet of 50,000 cells has 100,000 elements), so a caller that edits a few
 * of its elements keeps only the elements on the way to them.
 */
export function scanXml(xml: string, keep?: (el: XmlElement) => boolean): XmlElement {
  const fail = (at: number, why: string): never => {
    const line = xml.slice(0, at).split('\n').length;
    throw new XmlError(`line ${line}: ${why}`);
  };
  const bad = NOT_XML.exec(xml);
  if (bad) fail(bad.index, `a character XML cannot hold (U+${hex(xml.charCodeAt(bad.index))})`);

  /** Text or an attribute value with its references resolved; fails on a bare `&`. */
  const resolve = (text: string, at: number): string =>
    resolveReferences(text, (offset, why) => fail(at + offset, why));

  let pos = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  XML_DECL.lastIndex = pos;
  if (xml.startsWith('<?xml', pos)) {
    if (!XML_DECL.test(xml)) fail(pos, 'a malformed XML declaration');
    pos = XML_DECL.lastIndex;
  }
  let root: XmlElement | null = null;
  let open: XmlElement | null = null;
  // The outermost open element left out of the tree, if any.
  let left: XmlElement | null = null;
  // The next "&" and "]]>" of the part: text is checked for them without being copied.
  let amp = xml.indexOf('&');
  let cdataEnd = xml.indexOf(']]>');
  while (pos < xml.length) {
    const lt = xml.indexOf('<', pos);
    const textEnd = lt < 0 ? xml.length : lt;
    if (textEnd > pos && open === null) {
      if (!ONLY_SPACE.test(xml.slice(pos, textEnd))) fail(pos, 'text outside the root element');
    } else if (textEnd > pos) {
      if (cdataEnd >= 0 && cdataEnd < pos) cdataEnd = xml.indexOf(']]>', pos);
      if (cdataEnd >= 0 && cdataEnd + 3 <= textEnd) fail(cdataEnd, '"]]>" in text');
      if (amp >= 0 && amp < pos) amp = xml.indexOf('&', pos);
      if (amp >= 0 && amp < textEnd) resolve(xml.slice(pos, textEnd), pos);
    }
    if (lt < 0) break;
    pos = lt;
    const next = xml.charCodeAt(pos + 1);
    if (next === 0x21 /* <! */ && xml.startsWith('<!--', pos)) {
      const close = xml.indexOf('-->', pos + 4);
      if (close < 0) fail(pos, 'a comment never closed');
      const body = xml.slice(pos + 4, close);
      if (body.includes('--') || body.endsWith('-')) fail(pos, 'a comment holding "--"');
      pos = close + 3;
    } else if (next === 0x21 && xml.startsWith('<![CDATA[', pos)) {
      if (open === null) fail(pos, 'a CDATA section outside the root element');
      const close = xml.indexOf(']]>', pos + 9);
      if (close < 0) fail(pos, 'a CDATA section never closed');
      pos = close + 3;
    } else if (next === 0x3f /* <? */) {
      const target = nameAt(xml, pos + 2);
      const after = pos + 2 + target.length;
      if (
        target === '' ||
        target.includes(':') ||
        target.toLowerCase() === 'xml' ||
        !(isSpace(xml.charCodeAt(after)) || xml.startsWith('?>', after))
      ) {
        fail(pos, 'a malformed processing instruction');
      }
      const close = xml.indexOf('?>', after);
      if (close < 0) fail(pos, 'a processing instruction never closed');
      pos = close + 2;
    } else if (next === 0x21 && xml.startsWith('<!DOCTYPE', pos)) {
      fail(pos, 'a DOCTYPE declaration, which an Office package may not hold');
    } else if (next === 0x2f /* </ */) {
      const name = nameAt(xml, pos + 2);
      const end = skipSpace(xml, pos + 2 + name.length);
      if (name === '' || xml.charCodeAt(end) !== 0x3e) fail(pos, 'a malformed end tag');
      if (open === null || name !== open.name) {
        return fail(pos, `</${name}> closes ${open ? `<${open.name}>` : 'nothing'}`);
      }
      open.endStart = pos;
      open.end = pos = end + 1;
      if (open === left) left = null;
      open = open.parent;
    } else {
      if (open === null && root !== null) fail(pos, 'a second root element');
      const el = startTag(xml, pos, open, fail, resolve);
      if (open === null) root = el;
      else if (left === null && (keep === undefined || keep(el))) open.children.push(el);
      else if (left === null && !el.selfClosing) left = el;
      if (!el.selfClosing) open = el;
      pos = el.startEnd;
    }
  }
  if (open !== null) fail(xml.length, `<${open.name}> is never closed`);
  if (root === null) return fail(xml.length, 'no root element');
  return root;
}

function startTag(
  xml: string,
  at: number,
  parent: XmlElement | null,
  fail: (at: number, why: string) => never,
  resolve: (text: string, at: number) => string,
): XmlElement {
  const name = nameAt(xml, at + 1);
  if (name === '') fail(at, 'a "<" that starts no tag (write "&lt;")');
  const colon = name.indexOf(':');
  const el: XmlElement = {
    name,
    prefix: colon < 0 ? '' : name.slice(0, colon + 1),
    local: colon < 0 ? name : name.slice(colon + 1),
    attrs: [],
    parent,
    children: [],
    start: at,
    startEnd: 0,
    endStart: 0,
    end: 0,
    selfClosing: false,
  };
  for (let pos = at + 1 + name.length; ;) {
    const spaced = skipSpace(xml, pos);
    const c = xml.charCodeAt(spaced);
    if (c === 0x3e /* > */) {
      el.startEnd = spaced + 1;
      break;
    }
    if (c === 0x2f /* / */ && xml.charCodeAt(spaced + 1) === 0x3e) {
      el.selfClosing = true;
      el.startEnd = el.endStart = el.end = spaced + 2;
      break;
    }
    // An attribute: `name = "value"` or `name='value'`, after a space.
    const attr = spaced > pos ? nameAt(xml, spaced) : '';
    if (attr === '') fail(spaced, `a malformed tag <${name}>`);
    let eq = skipSpace(xml, spaced + attr.length);
    if (xml.charCodeAt(eq) !== 0x3d) fail(eq, `attribute ${attr} has no value`);
    eq = skipSpace(xml, eq + 1);
    const quote = xml[eq];
    if (quote !== '"' && quote !== "'") fail(eq, `the value of ${attr} is not in quotes`);
    const valueStart = eq + 1;
    const valueEnd = xml.indexOf(quote, valueStart);
    if (valueEnd < 0) fail(eq, `the value of ${attr} is never closed`);
    const raw = xml.slice(valueStart, valueEnd);
    if (raw.indexOf('<') >= 0) fail(valueStart, `a "<" in the value of ${attr}`);
    for (const x of el.attrs) if (x.name === attr) fail(spaced, `attribute ${attr} given twice`);
    const value = raw.indexOf('&') >= 0 ? resolve(raw, valueStart) : raw;
    if (attr.startsWith('xmlns:') && value === '') fail(spaced, `${attr} bound to no namespace`);
    el.attrs.push({ name: attr, value, valueStart, valueEnd });
    pos = valueEnd + 1;
  }
  if (el.prefix !== '' && namespaceOf(el, name) === undefined) {
    fail(at, `the prefix of ${name} is bound to no namespace`);
  }
  for (const a of el.attrs) {
    if (
      a.name.indexOf(':') >= 0 &&
      !a.name.startsWith('xmlns:') &&
      namespaceOf(el, a.name) === undefined
    )
      fail(at, `the prefix of ${a.name} is bound to no namespace`);
  }
  return el;
}

const hex = (c: number) => c.toString(16).toUpperCase().padStart(4, '0');

/** The namespace of a prefixed name (`r:id`) where `el` is, or undefined when unbound. */
export const namespaceOf = (el: XmlElement, name: string): string | undefined =>
  boundTo(el, name.slice(0, name.indexOf(':')));

function boundTo(el: XmlElement, prefix: string): string | undefined {
  if (prefix === 'xml') return XML_NS;
  const decl = `xmlns:${prefix}`;
  for (let e: XmlElement | null = el; e; e = e.parent) {
    const a = e.attrs.find((x) => x.name === decl);
    if (a) return a.value;
  }
  return undefined;
}

/** The namespace of the element itself: its prefix's, else the default one where it is. */
export function elementNamespace(el: XmlElement): string | undefined {
  if (el.prefix !== '') return boundTo(el, el.prefix.slice(0, -1));
  for (let e: XmlElement | null = el; e; e = e.parent) {
    const a = e.attrs.find((x) => x.name === 'xmlns');
    if (a) return a.value === '' ? undefined : a.value;
  }
  return undefined;
}

/** The prefix (`r:`) bound to `ns` where `el` is, if any. */
export function prefixFor(el: XmlElement, ns: string): string | undefined {
  for (let e: XmlElement | null = el; e; e = e.parent) {
    for (const a of e.attrs) {
      const prefix = a.name.startsWith('xmlns:') ? a.name.slice(6) : '';
      if (prefix && a.value === ns && boundTo(el, prefix) === ns) return `${prefix}:`;
    }
  }
  return undefined;
}

/** An attribute's value, by its name as written. */
export const attr = (el: XmlElement, name: string): string | undefined =>
  el.attrs.find((a) => a.name === name)?.value;

/**
 * The children of `el` named `local` in `el`'s own namespace, whatever prefix each is written
 * with (`<definedNames>` and `<x:definedNames xmlns:x="...">` alike).
 */
export function childrenNamed(el: XmlElement, local: string): XmlElement[] {
  const named = el.children.filter((c) => c.local === local);
  if (named.length === 0) return named;
  const ns = elementNamespace(el);
  return named.filter(
    (c) => (c.prefix === el.prefix && !redeclares(c)) || elementNamespace(c) === ns,
  );
}

/** Whether `el` binds its own prefix anew (so that it may name another namespace). */
const redeclares = (el: XmlElement): boolean =>
  el.attrs.some((a) => a.name === (el.prefix === '' ? 'xmlns' : `xmlns:${el.prefix.slice(0, -1)}`));

/**
 * The text an element holds, its references resolved, when it holds text only: undefined when
 * it holds elements, a comment, a CDATA section or a processing instruction. `xml` is the part
 * `el` was scanned from (so its references are known to be well-formed).
 */
export function elementText(xml: string, el: XmlElement): string | undefined {
  if (el.children.length > 0) return undefined;
  const text = xml.slice(el.startEnd, el.endStart);
  if (text.includes('<')) return undefined;
  return resolveReferences(text, (offset, why) => {
    throw new XmlError(`${why} (at ${el.startEnd + offset}), in a part said to be scanned`);
  });
}

/** A change of a part's text: `remove` characters at `at` replaced by `text`. */
export interface Splice {
  at: number;
  remove: number;
  text: string;
}

/** Adds `text` as the last content of `el` (opening `<x/>` to `<x>text</x>`). */
export const appendInto = (el: XmlElement, text: string): Splice =>
  el.selfClosing
    ? { at: el.startEnd - 2, remove: 2, text: `>${text}</${el.name}>` }
    : { at: el.endStart, remove: 0, text };

/** Sets an attribute's value as written (its quotes kept); `value` must be escaped already. */
export const setValue = (a: XmlAttr, value: string): Splice => ({
  at: a.valueStart,
  remove: a.valueEnd - a.valueStart,
  text: value,
});

/** Removes an attribute of a start tag of `xml`, with the spaces before it. */
export function removeAttr(xml: string, a: XmlAttr): Splice {
  // Back from the opening quote over `name = `: the scan has checked that it is written so.
  let at = a.valueStart - 2;
  while (isSpace(xml.charCodeAt(at))) at--;
  at--;
  while (isSpace(xml.charCodeAt(at))) at--;
  at -= a.name.length;
  while (isSpace(xml.charCodeAt(at))) at--;
  return { at: at + 1, remove: a.valueEnd - at, text: '' };
}

/** The text with its splices made; splices at one place are made in the order given. */
export function applySplices(xml: string, splices: readonly Splice[]): string {
  const sorted = splices
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.at - b.s.at || a.i - b.i)
    .map((x) => x.s);
  let out = '';
  let from = 0;
  for (const s of sorted) {
    if (s.at < from) throw new Error('overlapping edits of a part');
    out += xml.slice(from, s.at) + s.text;
    from = s.at + s.remove;
  }
  return out + xml.slice(from);
}
