import { RangeRef, TablesRequest } from './host';
import { rangeOf } from './excel-read';

/**
 * Why a read failed, in the user's terms: after the failure, Excel is asked what the workbook
 * holds (its sheets, names, the size of their used ranges).
 */

/** An error's message, whatever was thrown. */
export const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Why reading tables failed, naming the sheets read and the largest of them: a stray cell far
 * below the data makes a sheet's used range too large for Excel to send at once.
 */
export async function explainTablesError(request: TablesRequest, e: unknown): Promise<string> {
  const names = [...request.required, ...(request.optional ?? [])];
  const fallback = `Excel could not read the ${names.join(', ')} tables: ${messageOf(e)}`;
  try {
    return await Excel.run(async (context) => {
      const sheets = context.workbook.worksheets;
      sheets.load('items/name');
      await context.sync();
      const all = sheets.items.map((s) => s.name);
      const read = (name: string) =>
        names.some((n) => n.toLowerCase() === name.trim().toLowerCase()) ||
        (request.sheets?.(name, all) ?? false);
      const readSheets = sheets.items.filter((s) => read(s.name));
      const largest = await largestUsed(context, readSheets);
      if (largest === null) return fallback;
      return (
        `Excel could not read the sheets ${readSheets.map((s) => s.name).join(', ')}: ` +
        `${messageOf(e)} The largest, ${largest}.`
      );
    });
  } catch {
    return fallback;
  }
}

/** Why a read failed, in the user's terms: which sheet or name does not exist. */
export async function explainReadError(refs: readonly RangeRef[], e: unknown): Promise<string> {
  // One range given for both sides is named once.
  const texts = [...new Set(refs.map((r) => r.text))];
  const unread = `Excel could not read ${texts.join(' and ')}: ${messageOf(e)}`;
  try {
    return await Excel.run(async (context) => {
      const sheets = context.workbook.worksheets;
      const names = context.workbook.names;
      sheets.load('items/name');
      names.load('items/name,items/type');
      await context.sync();
      const sheetNames = sheets.items.map((s) => s.name);
      const hasSheet = (n: string) => sheetNames.some((s) => s.toLowerCase() === n.toLowerCase());
      for (const ref of refs) {
        const sheet = ref.kind === 'address' ? ref.sheet : undefined;
        if (sheet !== undefined && !hasSheet(sheet)) {
          return `There is no sheet named “${sheet}” in this workbook (its sheets: ${sheetNames.join(', ')}).`;
        }
        if (ref.kind === 'name') {
          const named = names.items.find((n) => n.name.toLowerCase() === ref.name.toLowerCase());
          if (!named) return `There is no range named “${ref.name}” in this workbook.`;
          if (named.type !== 'Range') {
            return `The name “${ref.name}” is not a range of cells (Excel gives its type as ${named.type}).`;
          }
        }
      }
      const sheetsRead = refs.map((ref) => rangeOf(context, ref).worksheet);
      const largest = await largestUsed(context, sheetsRead);
      if (largest === null) return unread;
      return (
        `${unread} The largest sheet read, ${largest}, or give the roster's rows only ` +
        '(such as A1:H40) rather than whole columns.'
      );
    });
  } catch {
    return unread;
  }
}

/**
 * The largest used range of `sheets` (one round trip), as advice when Excel could not send them:
 * `Legions, uses A1:H1048576 (8,388,608 cells): clear any cells far below or right of its data`,
 * a stray cell far below the data making the sheet, or a whole-column range, too many cells.
 * Null when every sheet is empty.
 */
async function largestUsed(
  context: Excel.RequestContext,
  sheets: readonly Excel.Worksheet[],
): Promise<string | null> {
  const used = sheets.map((sheet) => {
    sheet.load('name');
    const range = sheet.getUsedRangeOrNullObject(true);
    range.load('address,rowCount,columnCount');
    return { sheet, range };
  });
  await context.sync();
  const largest = used
    .filter((u) => !u.range.isNullObject)
    .map((u) => ({ ...u, cells: u.range.rowCount * u.range.columnCount }))
    .sort((a, b) => b.cells - a.cells)[0];
  if (largest === undefined) return null;
  return (
    `${largest.sheet.name}, uses ${largest.range.address} ` +
    `(${largest.cells.toLocaleString('en-US')} cells): clear any cells far below or right of its data`
  );
}
