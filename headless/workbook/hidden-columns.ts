/**
 * A sheet's hidden columns, from its `<cols>` (which exceljs is not given: see
 * `IGNORED_NODES`), as 0-based ranges, each cut to Excel's 16,384 columns. Only the part before
 * `<sheetData>` is scanned, where the schema puts `<cols>`.
 */

export interface ColumnRange {
  first: number;
  last: number;
}

const MAX_COLUMN = 16_384;
const COL = /<(?:[A-Za-z_][\w.-]*:)?col\b([^>]*)>/g;
const ATTR = /\b(min|max|hidden)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export function hiddenColumnRanges(xml: string): ColumnRange[] {
  const data = xml.search(/<(?:[A-Za-z_][\w.-]*:)?sheetData\b/);
  const head = data < 0 ? xml : xml.slice(0, data);
  const ranges: ColumnRange[] = [];
  for (const [, attrs] of head.matchAll(COL)) {
    const found: Record<string, string> = {};
    for (const [, name, double, single] of attrs.matchAll(ATTR)) found[name] = double ?? single;
    if (found.hidden !== '1' && found.hidden !== 'true') continue;
    const min = Number(found.min);
    const max = Number(found.max ?? found.min);
    if (!Number.isInteger(min) || !Number.isInteger(max) || min < 1 || max < min) continue;
    ranges.push({ first: min - 1, last: Math.min(max, MAX_COLUMN) - 1 });
  }
  return ranges;
}
