/**
 * One pass over a sheet's cells in its XML, for the fixes made before exceljs reads it: each
 * cell with content is shown once, from its start tag to its `</c>`, and may be rewritten.
 */

/** A cell's start tag, self-closing (`<c r="A1"/>`, no content) or not. */
const CELL_TAG = /<c(?=[\s/>])[^>]*>/g;
const CELL_END = /<\/c\s*>/g;
/** A cell's type, the `t` of its start tag (none is a number, `n`). */
const TYPE = /\st\s*=\s*["']([^"']*)["']/;

export interface SheetCell {
  /** The start tag, e.g. `<c r="E2" s="3" t="d">`. */
  tag: string;
  type: string;
  /** What lies between the start tag and `</c>`. */
  content: string;
}

/**
 * The sheet's XML with each cell `rewrite` gives a new start tag or content for (null: kept);
 * the very string when it gives none.
 */
export function rewriteCells(
  xml: string,
  rewrite: (cell: SheetCell) => { tag: string; content: string } | null,
): string {
  const out: string[] = [];
  let copied = 0;
  CELL_TAG.lastIndex = 0;
  for (let tag = CELL_TAG.exec(xml); tag !== null; tag = CELL_TAG.exec(xml)) {
    if (tag[0].endsWith('/>')) continue;
    const start = tag.index + tag[0].length;
    CELL_END.lastIndex = start;
    const end = CELL_END.exec(xml);
    if (end === null) break;
    CELL_TAG.lastIndex = end.index + end[0].length;
    const type = TYPE.exec(tag[0])?.[1] ?? 'n';
    const changed = rewrite({ tag: tag[0], type, content: xml.slice(start, end.index) });
    if (changed === null) continue;
    out.push(xml.slice(copied, tag.index), changed.tag, changed.content);
    copied = end.index;
  }
  if (copied === 0) return xml;
  out.push(xml.slice(copied));
  return out.join('');
}

/** The start tag with its type set to `type`. */
export const withType = (tag: string, type: string): string => tag.replace(TYPE, ` t="${type}"`);
