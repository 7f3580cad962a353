/**
 * A sheet name as Excel compares it, in any case: by its capitals, so that `ς` and `σ` (both
 * `Σ`), `ı` and `i`, `ſ` and `s` are one letter, as they are to Excel and LibreOffice.
 */
export const sheetNameKey = (name: string): string => name.toUpperCase().toLowerCase();

/** The first `n` UTF-16 units of `s` (Excel's measure of a name), never half a character. */
const cut = (s: string, n: number) => s.slice(0, n).replace(/[\ud800-\udbff]$/, '');

/** Characters XML 1.0 cannot hold at all (control characters, lone surrogates, U+FFFE/F). */
export const NOT_XML_CHARS =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** What a sheet name cannot hold: Excel's forbidden characters, and what XML cannot hold. */
const SHEET_NAME_BAD = new RegExp(`[:\\\\/?*[\\]\\t\\n\\r]|${NOT_XML_CHARS.source}`, 'g');

/** `name` made a legal sheet name not in `taken` (any case), with ` (2)`, ` (3)`... if need be. */
export function freeSheetName(name: string, taken: ReadonlySet<string>): string {
  const clean =
    name
      .replace(SHEET_NAME_BAD, '_')
      .replace(/^'+|'+$/g, '')
      .trim() || 'Sheet';
  const keys = new Set([...taken].map(sheetNameKey));
  const fits = (n: string) => !keys.has(sheetNameKey(n)) && sheetNameKey(n) !== 'history';
  const base = cut(clean, 31).replace(/'+$/, '');
  if (fits(base)) return base;
  for (let i = 2; ; i++) {
    const suffix = ` (${i})`;
    const candidate = cut(clean, 31 - suffix.length) + suffix;
    if (fits(candidate)) return candidate;
  }
}
