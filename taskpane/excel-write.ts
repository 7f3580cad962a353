import { LINE_HEIGHT, rowHeight, TITLE_FONT_SIZE, TITLE_LINE_HEIGHT } from '../src/sheet-layout';
import { HostFeatures, SheetPlan } from './host';

/** Writing new sheets through Office.js: queued, then sent in one `context.sync()`. */

const HEADER_FILL = '#0F6CBD';
const HEADER_FONT = '#FFFFFF';

/** Queues a new sheet's values (one assignment), looks, frozen header and print layout. */
export function writePlan(sheet: Excel.Worksheet, plan: SheetPlan, features: HostFeatures): void {
  const rows = plan.values.length;
  const cols = plan.values[0].length;
  sheet.getRangeByIndexes(0, 0, rows, cols).values = plan.values;
  const header = sheet.getRangeByIndexes(plan.headerRow, 0, 1, cols);
  header.format.font.bold = true;
  header.format.font.color = HEADER_FONT;
  header.format.fill.color = HEADER_FILL;
  if (plan.summaryRows > 0) {
    const title = sheet.getRangeByIndexes(0, 0, 1, 1);
    title.format.font.bold = true;
    title.format.font.size = TITLE_FONT_SIZE;
  }
  if (plan.summary && plan.summaryRows > 0) writeSummary(sheet, plan.summaryRows, plan.summary);
  plan.widths.forEach((width, col) => {
    sheet.getRangeByIndexes(0, col, 1, 1).format.columnWidth = width;
  });
  const below = rows - plan.headerRow - 1;
  for (const col of below > 0 ? (plan.centered ?? []) : []) {
    sheet.getRangeByIndexes(plan.headerRow + 1, col, below, 1).format.horizontalAlignment =
      'Center';
  }
  const body = below > 0 ? sheet.getRangeByIndexes(plan.headerRow + 1, 0, below, cols) : null;
  if (body && plan.top) body.format.verticalAlignment = 'Top';
  if (body && plan.wrapped && plan.wrapped.length > 0) {
    for (const col of plan.wrapped) {
      sheet.getRangeByIndexes(plan.headerRow + 1, col, below, 1).format.wrapText = true;
    }
    body.format.autofitRows();
  }
  sheet.freezePanes.freezeRows(plan.headerRow + 1);
  if (!features.printLayout) return;
  const page = sheet.pageLayout;
  page.orientation = 'Landscape';
  page.zoom = { horizontalFitToPages: 1, verticalFitToPages: 0 };
  page.setPrintTitleRows(`$${plan.headerRow + 1}:$${plan.headerRow + 1}`);
  const hf = page.headersFooters.defaultForAllPages;
  hf.centerHeader = plan.print.header;
  hf.leftFooter = plan.print.footer;
  hf.rightFooter = 'Page &P of &N';
}

/**
 * Queues the summary's layout: each line wrapped from the top of its row, merged across the
 * table's columns (the format first, so that the merged cell has it), and its row made as tall
 * as its lines, which Excel does not do for a merged cell (`autofitRows` skips them). The title
 * row is always given its height, that of its larger font's lines.
 */
function writeSummary(
  sheet: Excel.Worksheet,
  rows: number,
  summary: NonNullable<SheetPlan['summary']>,
): void {
  const lines = sheet.getRangeByIndexes(0, 0, rows, 1);
  lines.format.wrapText = true;
  lines.format.verticalAlignment = 'Top';
  if (summary.columns > 1) sheet.getRangeByIndexes(0, 0, rows, summary.columns).merge(true);
  summary.lines.slice(0, rows).forEach((count, row) => {
    if (row > 0 && count <= 1) return;
    const line = row === 0 ? TITLE_LINE_HEIGHT : LINE_HEIGHT;
    sheet.getRangeByIndexes(row, 0, 1, 1).format.rowHeight = rowHeight(count, line);
  });
}

/**
 * Undoes a failed `addSheets` batch, which adds every sheet under a temporary name, then gives
 * each its name, in order. A temporary name still there is a sheet of the batch; so is the
 * sheet under each name given before the first one still there. When no temporary name is
 * left, either nothing was added or every sheet was named (only the activation failed).
 */
export async function undoAdd(
  temps: readonly string[],
  names: readonly string[],
): Promise<'undone' | 'written' | 'failed'> {
  try {
    return await Excel.run(async (context) => {
      const sheets = context.workbook.worksheets;
      sheets.load('items/name');
      await context.sync();
      const present = new Set(sheets.items.map((s) => s.name));
      const first = temps.findIndex((t) => present.has(t));
      if (first < 0) return names.every((n) => present.has(n)) ? 'written' : 'undone';
      const ours = [...names.slice(0, first), ...temps.slice(first)];
      for (const sheet of sheets.items) if (ours.includes(sheet.name)) sheet.delete();
      await context.sync();
      return 'undone';
    });
  } catch {
    return 'failed';
  }
}
