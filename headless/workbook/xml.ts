import { NOT_XML_CHARS } from '../../src/sheet-names';

/** Small helpers for writing SpreadsheetML by hand: escaping, and the prefixes a part uses. */

export const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
export const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The text without the characters XML cannot hold, as a reader reads it back. */
export const xmlChars = (s: string): string => s.replace(NOT_XML_CHARS, '');

/** Markup and the characters XML cannot hold (surrogates too, so that lone ones are found). */
const UNSAFE = String.raw`&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff`;
/** Any character that xmlText changes. */
const NEEDS_WORK = new RegExp(`[${UNSAFE}]`);

/** `&`, `<` and `>` as XML text writes them. */
const markup = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const xmlText = (s: string): string =>
  NEEDS_WORK.test(s) ? markup(s.replace(NOT_XML_CHARS, '')) : s;

/** What `cellText` changes: `&<>`, a carriage return, what XML cannot hold, and `_xHHHH_`. */
const CELL_NEEDS_WORK = new RegExp(`[\\r${UNSAFE}]`);
const LOOKS_ESCAPED = /_x[0-9a-f]{4}_/i;
const NOT_CELL_CHARS = new RegExp(`${NOT_XML_CHARS.source}|\\r`, 'g');
const hex4 = (ch: string) => ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');

/**
 * A cell's text for its `<t>` element, every character kept: one XML cannot hold, or a carriage
 * return (which a reader turns into a line feed), is written `_xHHHH_` as Excel writes it, and
 * text that already looks like such an escape has its `_` written `_x005F_`. Excel and exceljs
 * read back the very text: a seed or a name with a pasted control character replays as fought.
 */
export const cellText = (s: string): string =>
  CELL_NEEDS_WORK.test(s) || (s.includes('_x') && LOOKS_ESCAPED.test(s))
    ? markup(
        s
          .replace(/_(?=x[0-9a-f]{4}_)/gi, '_x005F_')
          .replace(NOT_CELL_CHARS, (ch) => `_x${hex4(ch)}_`),
      )
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
