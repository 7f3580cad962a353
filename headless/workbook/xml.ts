/** Small helpers for writing SpreadsheetML by hand: escaping, and the prefixes a part uses. */

export const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
export const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Characters XML 1.0 cannot hold at all (control characters, lone surrogates, U+FFFE/F). */
export const NOT_XML_CHARS =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text without the characters XML cannot hold, as a reader reads it back. */
export const xmlChars = (s: string): string => s.replace(NOT_XML_CHARS, '');

/** Any character that xmlText changes (surrogates too, so that lone ones are dropped). */
const NEEDS_WORK = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;

export const xmlText = (s: string): string =>
  NEEDS_WORK.test(s)
    ? s
        .replace(NOT_XML_CHARS, '')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
    : s;

/**
 * ` xml:space="preserve"` for text whose spaces a reader may otherwise trim or fold (leading,
 * trailing or doubled spaces, tabs, line breaks), as Excel marks such text; else nothing. On
 * every string it was a fifth of a log sheet's XML.
 */
export const keepSpaces = (s: string): string =>
  /^\s|\s$|\s\s|[\t\n\r]/.test(s) ? ' xml:space="preserve"' : '';

export const xmlAttr = (s: string): string =>
  xmlText(s).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');

/** Reads an attribute's value out of a start tag (unescaped only for the five entities). */
export function attribute(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name.replace(/[:.]/g, '\\$&')}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(
    tag,
  );
  if (!m) return undefined;
  return (m[2] ?? m[3])
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * The prefix (`x:`, or `` for the default namespace) that the part's root element `local`
 * is written with: parts made by some libraries prefix every element.
 */
export function rootPrefix(xml: string, local: string): string {
  const m = new RegExp(`<(?:([A-Za-z_][\\w.-]*):)?${local}[\\s>/]`).exec(xml);
  return m?.[1] ? `${m[1]}:` : '';
}

/** The prefix bound to `ns` on the part's root element, if any (`r:`), else undefined. */
export function namespacePrefix(xml: string, ns: string): string | undefined {
  const m = new RegExp(
    `xmlns:([A-Za-z_][\\w.-]*)\\s*=\\s*["']${ns.replace(/[.]/g, '\\.')}["']`,
  ).exec(xml);
  return m ? `${m[1]}:` : undefined;
}
