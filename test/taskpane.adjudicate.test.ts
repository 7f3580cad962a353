import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adjudicateFile } from '../headless/adjudicate-file';
import { resolveAll } from '../taskpane/actions';
import { columnLetters } from '../src/cells';
import { LINE_HEIGHT, TITLE_LINE_HEIGHT } from '../src/sheet-layout';
import { SimFixture, SimSheet, SimValue } from './sim/model';
import { removeSim } from './sim/office';
import { openSim } from './sim/open';

/**
 * Resolve all against `praetor adjudicate` itself on the same .xlsx file: the workbook's cells
 * loaded into the simulated Excel, the file adjudicated by the headless referee, and every new
 * sheet of its output read back and compared with the pane's, cell for cell.
 */

jest.setTimeout(60_000);

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'praetor-pane-vs-cli-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => removeSim(globalThis));

type Grid = SimValue[][];

/** Day 0 of each date system, as days since 1970: 30 December 1899, or 1 January 1904. */
const UNIX_DAY_0 = { '1900': 25569, '1904': 24107 };
type DateSystem = keyof typeof UNIX_DAY_0;

const dateSystemOf = (wb: ExcelJS.Workbook): DateSystem =>
  wb.properties.date1904 ? '1904' : '1900';

/** A cell as `range.values` gives it: a formula's result, rich text's text, '' for none. */
function shown(value: ExcelJS.CellValue, dates: DateSystem): SimValue {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  if (typeof value === 'object' && 'richText' in value) {
    return value.richText.map((r) => r.text).join('');
  }
  if (typeof value === 'object' && 'result' in value) {
    return shown(value.result as SimValue, dates);
  }
  // A date is the day number the file holds, which is all `range.values` gives of it.
  if (value instanceof Date) return UNIX_DAY_0[dates] + value.getTime() / 86_400_000;
  throw new Error(`the comparison does not handle the cell value ${JSON.stringify(value)}`);
}

/**
 * A cell's value as `range.values` gives it. exceljs gives a cell a merge covers its merged
 * area's value; Excel gives it blank, the value being the top-left cell's alone.
 */
const valueOf = (cell: ExcelJS.Cell, dates: DateSystem = '1900'): SimValue =>
  cell.isMerged && cell.master !== cell ? '' : shown(cell.value, dates);

/** A sheet's values from A1 to its last value, as the simulated sheet's `grid()` gives them. */
function gridOf(ws: ExcelJS.Worksheet, dates: DateSystem = '1900'): Grid {
  const rows: Grid = [];
  ws.eachRow({ includeEmpty: true }, (row, r) => {
    rows[r - 1] = Array.from({ length: ws.columnCount }, (_, c) =>
      valueOf(row.getCell(c + 1), dates),
    );
  });
  const full = Array.from({ length: rows.length }, (_, r) => rows[r] ?? []);
  const lastOf = <T>(items: T[], used: (item: T) => boolean) =>
    items.reduce((last, item, i) => (used(item) ? i : last), -1);
  const lastRow = lastOf(full, (row) => row.some((v) => v !== ''));
  const lastCol = Math.max(-1, ...full.map((row) => lastOf(row, (v) => v !== '')));
  return full
    .slice(0, lastRow + 1)
    .map((row) => Array.from({ length: lastCol + 1 }, (_, c) => row[c] ?? ''));
}

/** How a cell is aligned, as `vertical horizontal wrap` ('-' for Excel's default). */
const alignment = (vertical?: string, horizontal?: string, wrap?: boolean) =>
  `${vertical?.toLowerCase() ?? '-'} ${horizontal?.toLowerCase() ?? '-'} ${wrap ? 'wrap' : '-'}`;

/** The alignment of each cell that holds a value (blank cells show none), by address. */
function alignmentsOf(ws: ExcelJS.Worksheet): string[] {
  const out: string[] = [];
  ws.eachRow((row) =>
    row.eachCell((cell) => {
      if (valueOf(cell) === '') return;
      const a = cell.alignment ?? {};
      out.push(`${cell.address} ${alignment(a.vertical, a.horizontal, a.wrapText)}`);
    }),
  );
  return out;
}

/** The same of a simulated sheet, from the formats the pane gave its cells. */
function simAlignments(sheet: SimSheet): string[] {
  return sheet.grid().flatMap((row, r) =>
    row.flatMap((value, c) => {
      if (value === '') return [];
      const f = sheet.formats.get(`${r},${c}`) ?? {};
      const address = `${columnLetters(c)}${r + 1}`;
      return [`${address} ${alignment(f.verticalAlignment, f.horizontalAlignment, f.wrapText)}`];
    }),
  );
}

/** The workbook as the simulated Excel holds it: text kept as text, Excel tables as tables. */
function simFixture(wb: ExcelJS.Workbook): SimFixture {
  const quoted = (v: SimValue) => (typeof v === 'string' && v !== '' ? `'${v}` : v);
  const dates = dateSystemOf(wb);
  return {
    date1904: dates === '1904',
    sheets: wb.worksheets.map((ws) => ({
      name: ws.name,
      rows: gridOf(ws, dates).map((r) => r.map(quoted)),
    })),
    tables: wb.worksheets.flatMap((ws) =>
      ws.getTables().map((t) => {
        const model = (
          t as unknown as { table: { name: string; tableRef: string; totalsRow?: boolean } }
        ).table;
        return {
          name: model.name,
          ref: `'${ws.name}'!${model.tableRef}`,
          showTotals: model.totalsRow ?? false,
        };
      }),
    ),
  };
}

/** A sheet's merged areas, sorted: `A1:I1`, ... */
const mergesOf = (ws: ExcelJS.Worksheet): string[] =>
  [...(ws.model as unknown as { merges: string[] }).merges].sort();

const simMerges = (sheet: SimSheet): string[] =>
  sheet.merges
    .map((m) => `${columnLetters(m.c0)}${m.r0 + 1}:${columnLetters(m.c1)}${m.r1 + 1}`)
    .sort();

/** The height of a line of a log's row (0-based): the title's larger font, or Excel's default. */
const lineHeight = (row: number) => (row === 0 ? TITLE_LINE_HEIGHT : LINE_HEIGHT);

/**
 * The rows of a log made taller than a line, with the lines each is made tall for (`4: 3`): its
 * height over the height of its font's line (the title's 13-point font's lines are 17.25 points).
 */
function tallRows(ws: ExcelJS.Worksheet): string[] {
  return rowHeights(ws)
    .map(([r, height]) => [r, height / lineHeight(r)])
    .filter(([, lines]) => lines > 1)
    .map(([r, lines]) => `${r}: ${lines}`);
}

function simTallRows(sheet: SimSheet): string[] {
  return simRowHeights(sheet)
    .map(([r, height]) => [r, height / lineHeight(r)])
    .filter(([, lines]) => lines > 1)
    .map(([r, lines]) => `${r}: ${lines}`);
}

/** The rows (0-based) given a height, with it in points: in the file... */
function rowHeights(ws: ExcelJS.Worksheet): [number, number][] {
  const out: [number, number][] = [];
  ws.eachRow({ includeEmpty: true }, (row, r) => {
    if (row.height !== undefined) out.push([r - 1, row.height]);
  });
  return out;
}

/** ... and in the pane. */
const simRowHeights = (sheet: SimSheet): [number, number][] =>
  [...sheet.rowHeights.entries()].sort(([a], [b]) => a - b);

async function compare(input: string): Promise<string[]> {
  const before = new ExcelJS.Workbook();
  await before.xlsx.readFile(input);
  const { model, host } = await openSim(simFixture(before));
  // Number formats, which tell a date's day number from a number.
  for (const ws of before.worksheets) {
    ws.eachRow((row, r) =>
      row.eachCell((cell, c) => {
        if (cell.numFmt) model.sheet(ws.name)!.format(r - 1, c - 1).numberFormat = cell.numFmt;
      }),
    );
  }
  const output = join(dir, 'out.xlsx');
  const cli = await adjudicateFile({ input, output, force: true });
  expect(cli.error).toBeNull();
  const report = await resolveAll(host);
  expect(report.tone).not.toBe('error');
  const after = new ExcelJS.Workbook();
  await after.xlsx.readFile(output);
  const added = after.worksheets.slice(before.worksheets.length);
  expect(model.sheets.map((s) => s.name)).toEqual(after.worksheets.map((ws) => ws.name));
  for (const ws of added) {
    expect([ws.name, model.sheet(ws.name)!.grid()]).toEqual([ws.name, gridOf(ws)]);
    // Aligned alike: numbers centered, the error wrapped, Results read from each row's top.
    const sim = simAlignments(model.sheet(ws.name)!);
    expect([ws.name, sim]).toEqual([ws.name, alignmentsOf(ws)]);
    // The same merged areas (a log's summary lines, across its table), the same tall rows.
    expect([ws.name, simMerges(model.sheet(ws.name)!)]).toEqual([ws.name, mergesOf(ws)]);
    if (ws.name.startsWith('Log')) {
      expect([ws.name, simTallRows(model.sheet(ws.name)!)]).toEqual([ws.name, tallRows(ws)]);
      // The same heights, in points: the title's row too, at its 13-point font's line.
      const heights = simRowHeights(model.sheet(ws.name)!);
      expect([ws.name, heights]).toEqual([ws.name, rowHeights(ws)]);
      expect(heights[0]).toEqual([0, expect.any(Number)]);
      expect(heights[0][1] % TITLE_LINE_HEIGHT).toBe(0);
      // The title's font: bold, 13 points, in both.
      const { bold, fontSize } = model.sheet(ws.name)!.format(0, 0);
      const font = ws.getCell('A1').font;
      expect([ws.name, { bold, fontSize }]).toEqual([ws.name, { bold: true, fontSize: 13 }]);
      expect([ws.name, { bold: font?.bold, fontSize: font?.size }]).toEqual([
        ws.name,
        { bold, fontSize },
      ]);
    }
  }
  // Every log's summary lines span its table, wrapped from the top.
  for (const ws of added.filter((w) => w.name.startsWith('Log'))) {
    const grid = gridOf(ws);
    const blank = grid.findIndex((row) => row.every((v) => v === ''));
    const last = columnLetters(grid[blank + 1].filter((v) => v !== '').length - 1);
    const summary = Array.from({ length: blank }, (_, r) => `A${r + 1}:${last}${r + 1}`);
    expect([ws.name, mergesOf(ws)]).toEqual([ws.name, summary.sort()]);
  }
  // Which, in Results, is every cell below the header.
  const results = added.find((ws) => ws.name.startsWith('Results'))!;
  const body = alignmentsOf(results).filter((a) => !/^[A-Z]+1 /.test(a));
  expect(body.length).toBeGreaterThan(0);
  expect(body.filter((a) => a.split(' ')[1] !== 'top')).toEqual([]);
  return added.map((ws) => ws.name);
}

/** The rows of a log of the output made taller than a line (`3: 3`, row 4 three lines tall). */
async function tallRowsOf(name: string): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(join(dir, 'out.xlsx'));
  return tallRows(wb.getWorksheet(name)!);
}

test('the bundled examples/turn-3.xlsx', async () => {
  const added = await compare(join(__dirname, '..', 'examples', 'turn-3.xlsx'));
  expect(added).toEqual(['Results', 'Log B1', 'Log B2', 'Log B3', 'Log B4', 'Log B5']);
});

test('Excel tables on other sheets, a Fleets table, text that looks like numbers or formulas, taken names', async () => {
  const wb = new ExcelJS.Workbook();
  const orders = wb.addWorksheet('Orders');
  orders.addTable({
    name: 'Battles',
    ref: 'B2',
    columns: ['Battle', 'Rules', 'Fort', 'Range', 'Seed', 'Dice'].map((name) => ({ name })),
    rows: [
      ['B1', 'cote-pbem', 1, '', 'alpha', ''],
      ['=2+3', '', '', '', '42', ''],
      ['Sol', 'imperium', '', 'short', 'sol', ''],
      ['B4', '', '', '', '', '1,2,3'],
      ['B5', '', '', '', 'five', ''],
    ],
  });
  orders.addTable({
    name: 'Legions',
    ref: 'B10',
    columns: ['Battle', 'Side', 'Leader', 'Infantry', 'Cavalry', 'Catapult'].map((name) => ({
      name,
    })),
    rows: [
      ['B1', 'Attacker', 'Marcus', 3, 1, 1],
      ['B1', 'Defender', '=evil()', 4, 0, 0],
      ['=2+3', 'Attacker', 'TRUE', 2, 0, 0],
      ['=2+3', 'Defender', '007', 2, 0, 0],
      ['B4', 'Attacker', '', 5, 0, 0],
      ['B4', 'Defender', '', 5, 0, 0],
      ...FIVE_LEGIONS.map((leader) => ['B5', 'Attacker', leader, 3, 1, 1]),
      ['B5', 'Defender', 'Hannibal Barca', 3, 1, 1],
      ['B5', 'Defender', 'Hasdrubal Barca', 3, 1, 1],
    ],
  });
  wb.addWorksheet('Ships').addTable({
    name: 'Fleets',
    ref: 'C3',
    columns: ['Battle', 'Side', 'Faction', 'Type', 'Count', 'Damaged', 'Fleet marker'].map(
      (name) => ({ name }),
    ),
    rows: [
      ['Sol', 'Attacker', 'Terran', 'DD', 2, '', 'TF1'],
      ['Sol', 'Defender', 'Imperial', 'CR', 1, 'no', 'IF1'],
    ],
  });
  wb.addWorksheet('Results').addRow(['old results']);
  wb.addWorksheet('log b1').addRow(['an old log']);
  const input = join(dir, 'tables.xlsx');
  await wb.xlsx.writeFile(input);
  const added = await compare(input);
  expect(added).toEqual(['Results (2)', 'Log B1 (2)', 'Log =2+3', 'Log Sol', 'Log B5']);
  // B5's attacker line, 225 characters, wraps at the table's 89 (6+9+7+5+8+7+7+20+20) into 3
  // lines, broken by hand between words: `Attacker: ... Caesar: 1 CAT 1 CAV` (88),
  // `3 INF; Publius ... Sulla: 1 CAT 1 CAV 3` (89), `INF; Gnaeus Pompeius Magnus: ...` (46).
  // Its defender line, 79 characters, fits in one.
  const tall = await tallRowsOf('Log B5');
  expect(tall).toContain('3: 3');
  expect(tall.filter((row) => row.startsWith('4:'))).toEqual([]);
});

test('dates: battle ids, seeds and names typed as dates read as the day they show', async () => {
  const wb = new ExcelJS.Workbook();
  const battles = wb.addWorksheet('Battles');
  battles.addRow(['Battle', 'Territory', 'Seed']);
  // Day numbers as Excel stores them, each with a format that shows it as a date or a time.
  const dated = (value: number, numFmt: string) => ({ value, numFmt });
  const rows = [
    [dated(45444, 'd-mmm'), dated(45444.75, 'm/d/yyyy h:mm'), dated(45292, 'yyyy-mm-dd')],
    [dated(60, 'yyyy-mm-dd'), dated(0.5, 'h:mm'), dated(1, 'dd/mm/yyyy')],
    // Not dates: a number format without days, and text in quotes.
    ['B3', dated(7, '0.00'), dated(45444, '0 "days"')],
  ];
  rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      const at = battles.getCell(r + 2, c + 1);
      if (typeof cell === 'string') at.value = cell;
      else [at.value, at.numFmt] = [cell.value, cell.numFmt];
    }),
  );
  const legions = wb.addWorksheet('Legions');
  legions.addRow(['Battle', 'Side', 'Infantry', 'Cavalry']);
  for (const [id, numFmt] of [
    [45444, 'yyyy-mm-dd'],
    [60, 'd-mmm-yy'],
    ['B3', ''],
  ] as const) {
    for (const side of ['Attacker', 'Defender']) {
      const row = legions.addRow([id, side, 4, 1]);
      if (numFmt) row.getCell(1).numFmt = numFmt;
    }
  }
  const input = join(dir, 'dates.xlsx');
  await wb.xlsx.writeFile(input);
  const added = await compare(input);
  expect(added).toEqual(['Results', 'Log 2024-06-01', 'Log 1900-02-29', 'Log B3']);
  const out = new ExcelJS.Workbook();
  await out.xlsx.readFile(join(dir, 'out.xlsx'));
  const seeds = out.getWorksheet('Results')!.getColumn(9).values.slice(2);
  expect(seeds).toEqual(['2024-01-01', '1900-01-01', '45444']);
});

test('dates in a workbook of the 1904 date system read as the day they show', async () => {
  const wb = new ExcelJS.Workbook();
  wb.properties.date1904 = true;
  const battles = wb.addWorksheet('Battles');
  battles.addRow(['Battle', 'Seed']);
  // exceljs writes these as day numbers counted from 1 January 1904 (day 0).
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
  for (const [id, seed] of [
    ['2024-06-01', '1904-01-01'],
    ['1904-01-02', '2024-01-01'],
  ]) {
    const row = battles.addRow([day(id), day(seed)]);
    row.getCell(1).numFmt = 'd-mmm';
    row.getCell(2).numFmt = 'yyyy-mm-dd';
  }
  const legions = wb.addWorksheet('Legions');
  legions.addRow(['Battle', 'Side', 'Infantry', 'Cavalry']);
  for (const id of ['2024-06-01', '1904-01-02']) {
    for (const side of ['Attacker', 'Defender']) {
      legions.addRow([day(id), side, 4, 1]).getCell(1).numFmt = 'yyyy-mm-dd';
    }
  }
  const input = join(dir, 'dates-1904.xlsx');
  await wb.xlsx.writeFile(input);
  const added = await compare(input);
  expect(added).toEqual(['Results', 'Log 2024-06-01', 'Log 1904-01-02']);
  const out = new ExcelJS.Workbook();
  await out.xlsx.readFile(join(dir, 'out.xlsx'));
  const seeds = out.getWorksheet('Results')!.getColumn(9).values.slice(2);
  expect(seeds).toEqual(['1904-01-01', '2024-01-01']);
});

/** Five leaders whose names make the attacker's forces line far wider than the log's table. */
const FIVE_LEGIONS = [
  'Marcus Aurelius Antoninus',
  'Gaius Julius Caesar',
  'Publius Cornelius Scipio',
  'Lucius Cornelius Sulla',
  'Gnaeus Pompeius Magnus',
];
