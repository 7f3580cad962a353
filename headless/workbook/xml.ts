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
