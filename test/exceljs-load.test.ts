import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isCellPart, loadCellParts } from '../headless/workbook/exceljs-load';
import { readFailure, WorkbookReadError } from '../headless/workbook/exceljs-parts';
import { checkPackage } from '../headless/workbook/guard';
import { ZipPackage } from '../headless/workbook/zip-package';
import { handZip, HandPart } from './helpers/hand-zip';
import { FIXTURES, submission } from './helpers/workbooks';

/** Handing exceljs the unpacked cell parts reads what its own `xlsx.load` reads. */

/** Every sheet's name, cell values, types, number formats and notes, and its tables. */
function cellsOf(wb: ExcelJS.Workbook): unknown[] {
  return wb.worksheets.map((ws) => {
    const cells: unknown[] = [];
    ws.eachRow({ includeEmpty: true }, (row, r) =>
      row.eachCell({ includeEmpty: true }, (cell, c) =>
        cells.push([r, c, cell.type, cell.value, cell.numFmt ?? null, cell.note ?? null]),
      ),
    );
    const tables = (ws.getTables() as unknown as { table?: object; model?: object }[]).map(
      (t) => t.model ?? t.table,
    );
    return { name: ws.name, state: ws.state, cells, tables };
  });
}

async function viaLoad(data: Buffer): Promise<unknown[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  return cellsOf(wb);
}

/** The package as the guard hands it on, its cell parts unpacked. */
function checked(data: Buffer): ZipPackage {
  const pkg = checkPackage(data, undefined, isCellPart);
  if (!pkg.ok) throw new Error(pkg.error);
  return pkg.value;
}

async function viaParts(data: Buffer): Promise<unknown[]> {
  return cellsOf(await loadCellParts(checked(data)));
}

describe('loadCellParts', () => {
  it('reads the rich fixture as xlsx.load does', async () => {
    const rich = readFileSync(join(FIXTURES, 'rich.xlsx'));
    expect(await viaParts(rich)).toEqual(await viaLoad(rich));
  });

  it('reads dates, numbers, formulas, rich text, notes and tables as xlsx.load does', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Battles');
    ws.addRow(['Battle', 'Seed', 'Fort', 'Rounds']);
    ws.addRow(['B1', new Date(Date.UTC(2026, 10, 29)), 1.5, { formula: '1+1', result: 2 }]);
    ws.getCell('B2').numFmt = 'yyyy-mm-dd';
    ws.getCell('C2').numFmt = '0.00%';
    ws.addRow([{ richText: [{ text: 'B' }, { text: '2', font: { bold: true } }] }, 'x', true]);
    ws.getCell('A3').note = 'a note';
    ws.addTable({
      name: 'Legions',
      ref: 'F1',
      columns: [{ name: 'Battle' }, { name: 'Side' }],
      rows: [['B1', 'Attacker']],
    });
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const read = await viaParts(data);
    expect(read).toEqual(await viaLoad(data));
    expect(JSON.stringify(read)).toContain('2026-11-29T00:00:00.000Z');
    expect(JSON.stringify(read)).toContain('a note');
    expect(JSON.stringify(read)).toContain('"name":"Legions"');
  });

  it('reads a submission from its bytes alone, unpacking the parts itself', async () => {
    const data = await submission([['B1']], [['B1', 'Attacker']], { asTables: true });
    expect(cellsOf(await loadCellParts(ZipPackage.of(data)))).toEqual(await viaLoad(data));
  });
});

// ---------- damaged or odd parts ----------

/** `data` with its parts changed: `change` gives a part's new text, or null to leave it out. */
function withParts(data: Buffer, change: Record<string, (xml: string) => string | null>): Buffer {
  const pkg = ZipPackage.of(data);
  const parts: HandPart[] = [];
  for (const entry of pkg.entries) {
    const text = pkg.content(entry).toString('utf8');
    const changed = change[entry.name] ? change[entry.name](text) : text;
    if (changed === null) continue;
    if (change[entry.name]) expect(changed).not.toBe(text);
    parts.push({ name: entry.name, data: Buffer.from(changed, 'utf8') });
  }
  return handZip(parts);
}

/** A workbook with a Battles sheet (shared strings, a note) and a Legions table on a sheet. */
async function book(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const battles = wb.addWorksheet('Battles');
  battles.addRow(['Battle', 'Rules']);
  battles.addRow(['B1', 'Gallia']);
  battles.getCell('A2').note = 'a note';
  const orders = wb.addWorksheet('Orders');
  orders.addTable({
    name: 'Legions',
    ref: 'A1',
    columns: [{ name: 'Battle' }, { name: 'Side' }],
    rows: [['B1', 'Attacker']],
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const SHEET1 = 'xl/worksheets/sheet1.xml';
const SHEET2 = 'xl/worksheets/sheet2.xml';

/** What loading `data` throws: its message, or '' when it loads. */
async function failure(data: Buffer): Promise<string> {
  try {
    await viaParts(data);
    return '';
  } catch (e) {
    expect(e).toBeInstanceOf(WorkbookReadError);
    return (e as Error).message;
  }
}

/** exceljs' and its XML parser's own messages. */
const RAW = /undefined|Cannot (read|set)|Unexpected xml node|\d+:\d+:|TypeError|is not/;

describe('a part exceljs fails on is named in plain words', () => {
  it('a shared string index out of range: the cell', async () => {
    const data = withParts(await book(), {
      [SHEET1]: (x) => x.replace(/(<c r="A2"[^>]*t="s"[^>]*><v>)\d+/, '$19999'),
    });
    const message = await failure(data);
    expect(message).toMatch(
      /^the file is damaged: cell Battles!A2 \(xl\/worksheets\/sheet1\.xml\)/,
    );
    expect(message).toMatch(/shared string 9999, and the workbook has \d+$/);
  });

  it('an ill-formed sheet: the part and its sheet', async () => {
    const data = withParts(await book(), {
      [SHEET2]: (x) => x.replace('</sheetData>', '</row></sheetData>'),
    });
    const message = await failure(data);
    expect(message).toBe(
      'part xl/worksheets/sheet2.xml (sheet "Orders") is damaged or written in a way Praetor cannot read: open the file in Excel and save it again',
    );
  });

  it('an ill-formed workbook.xml, shared strings or sheet relationships: the part', async () => {
    const base = await book();
    for (const part of [
      'xl/workbook.xml',
      'xl/sharedStrings.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/worksheets/_rels/sheet1.xml.rels',
    ]) {
      const data = withParts(base, { [part]: (x) => x.replace(/<\/\w+>\s*$/, '</oops>') });
      const message = await failure(data);
      expect(message).toContain(`part ${part}`);
      expect(message).not.toMatch(RAW);
    }
  });

  it('a sheet written with a namespace prefix (x:worksheet): said to be not read', async () => {
    const data = withParts(await book(), {
      [SHEET1]: (x) =>
        x
          .replace(/<(\/?)(\w+)(?=[\s>/])/g, (m, slash: string, n: string) => `<${slash}x:${n}`)
          .replace('xmlns="', 'xmlns:x="'),
    });
    expect(await failure(data)).toBe(
      'part xl/worksheets/sheet1.xml (sheet "Battles") is written with a namespace prefix (<x:worksheet>), which Praetor does not read: open the file in Excel and save it again',
    );
  });

  it('styles written with a prefix, and a cell that uses a style: the styles part', async () => {
    const data = withParts(await book(), {
      'xl/styles.xml': (x) => x.replace(/<(\/?)(\w)/g, '<$1x:$2').replace('xmlns=', 'xmlns:x='),
      [SHEET1]: (x) => x.replace('<c r="A1"', '<c r="A1" s="1"'),
    });
    expect(await failure(data)).toMatch(/^part xl\/styles\.xml is written with a namespace prefix/);
  });

  it("a sheet's notes part or table part missing: that part", async () => {
    const base = await book();
    const comments = ZipPackage.of(base).entries.find((e) => /comments/.test(e.name))!.name;
    expect(await failure(withParts(base, { [comments]: () => null }))).toBe(
      `the file is damaged: part ${comments}, which sheet "Battles" refers to, is missing`,
    );
    expect(await failure(withParts(base, { 'xl/tables/table1.xml': () => null }))).toBe(
      'the file is damaged: part xl/tables/table1.xml, which sheet "Orders" refers to, is missing',
    );
  });

  it('an unexpected error is told in plain words, not its own', () => {
    expect(readFailure(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(
      'it is damaged or written in a way Praetor cannot read: open the file in Excel and save it again',
    );
    expect(readFailure(new WorkbookReadError('the file is damaged: X'))).toBe(
      'the file is damaged: X',
    );
  });
});

describe('a sheet in the sheet index that the package lacks', () => {
  it('its part missing: the sheet and the part are named (exceljs dropped the sheet)', async () => {
    expect(await failure(withParts(await book(), { [SHEET2]: () => null }))).toBe(
      'the file is damaged: sheet "Orders" is in the sheet index, but its part xl/worksheets/sheet2.xml is missing',
    );
  });

  it('its relationship missing: the sheet and the relationship are named', async () => {
    const data = withParts(await book(), {
      'xl/_rels/workbook.xml.rels': (x) =>
        x.replace(/<Relationship [^>]*Target="worksheets\/sheet2\.xml"[^>]*\/>/, ''),
    });
    expect(await failure(data)).toMatch(
      /^the file is damaged: sheet "Orders" has no relationship rId\d+ in xl\/_rels\/workbook\.xml\.rels$/,
    );
  });

  it('a sheet part of any name is read, as Excel reads it (exceljs dropped it)', async () => {
    const renamed = (name: string) =>
      name.replace('sheet2.xml', 'orders.xml').replace('sheet2.xml.rels', 'orders.xml.rels');
    const base = withParts(await book(), {
      'xl/_rels/workbook.xml.rels': (x) =>
        x.replace('worksheets/sheet2.xml', 'worksheets/orders.xml'),
    });
    const pkg = ZipPackage.of(base);
    const data = handZip(pkg.entries.map((e) => ({ name: renamed(e.name), data: pkg.content(e) })));
    expect(ZipPackage.of(data).byName.has('xl/worksheets/orders.xml')).toBe(true);
    expect(cellsOf(await loadCellParts(checked(data)))).toEqual(await viaParts(await book()));
  });

  it('two sheets with the same sheetId are both read', async () => {
    const data = withParts(await book(), {
      'xl/workbook.xml': (x) => x.replace(/sheetId="2"/, 'sheetId="1"'),
    });
    const wb = await loadCellParts(checked(data));
    expect(wb.worksheets.map((ws) => ws.name)).toEqual(['Battles', 'Orders']);
  });
});

// ---------- attributes that would make exceljs allocate per column, row or cell ----------

/** How many cell objects exceljs holds for a workbook. */
const cellCount = (wb: ExcelJS.Workbook) =>
  wb.worksheets.reduce((n, ws) => {
    ws.eachRow((row) => row.eachCell(() => n++));
    return n;
  }, 0);

describe('attributes that would make exceljs allocate per column, row or cell', () => {
  let base: Buffer;
  let cells: unknown[];
  beforeAll(async () => {
    base = await book();
    cells = await viaParts(base);
  });
  const sheet = (change: (xml: string) => string) => withParts(base, { [SHEET1]: change });

  it('column widths are not read: a `<col>` over a million columns, or at the millionth', async () => {
    for (const col of [
      '<col min="1" max="1000000" width="9"/>',
      '<col min="1000000" max="1000000"/>',
    ]) {
      const data = sheet((x) => x.replace('<sheetData>', `<cols>${col}</cols><sheetData>`));
      const wb = await loadCellParts(checked(data));
      // exceljs made one Column object per column of a `<col>`'s span; now only A and B have one.
      expect((wb.worksheets[0] as unknown as { _columns: unknown[] })._columns.length).toBe(2);
      expect(cellsOf(wb)).toEqual(cells);
    }
  });

  it('a merge over whole columns makes no cells', async () => {
    for (const ref of ['D1:D200000', 'C1:F50000']) {
      const data = sheet((x) =>
        x.replace(
          '</sheetData>',
          `</sheetData><mergeCells count="1"><mergeCell ref="${ref}"/></mergeCells>`,
        ),
      );
      const wb = await loadCellParts(checked(data));
      // exceljs made a cell for each cell a merge covers (A1:XFD1048576: 17 billion).
      expect(cellCount(wb)).toBe(cellCount(await loadCellParts(checked(base))));
    }
  });

  it('a cell a merge covers keeps what the file holds, no copy of the merge; overlapping merges read', async () => {
    const data = sheet((x) =>
      x.replace(
        '</sheetData>',
        '</sheetData><mergeCells count="2"><mergeCell ref="A2:B2"/><mergeCell ref="B1:B2"/></mergeCells>',
      ),
    );
    const ws = (await loadCellParts(checked(data))).getWorksheet('Battles')!;
    expect([ws.getCell('A1').value, ws.getCell('A2').value]).toEqual(['Battle', 'B1']);
    // B2 holds Gallia in the file, hidden by Excel under the merges: the core names it.
    expect([ws.getCell('B1').value, ws.getCell('B2').value]).toEqual(['Rules', 'Gallia']);
  });

  it('cells written without addresses follow the cell before them, merged or not', async () => {
    const row = (n: number) =>
      `<row r="${n}"><c t="inlineStr"><is><t>x</t></is></c><c r="C${n}" t="inlineStr"><is><t>y</t></is></c>` +
      '<c t="inlineStr"><is><t>z</t></is></c><c t="inlineStr"><is><t>w</t></is></c></row>';
    const data = sheet((x) =>
      x.replace(
        '</sheetData>',
        `${row(9)}${row(10)}</sheetData><mergeCells count="1"><mergeCell ref="C9:D9"/></mergeCells>`,
      ),
    );
    const ws = (await loadCellParts(checked(data))).getWorksheet('Battles')!;
    for (const n of [9, 10]) {
      expect(['A', 'B', 'C', 'D', 'E'].map((c) => ws.getCell(`${c}${n}`).value)).toEqual([
        'x',
        null,
        'y',
        'z',
        'w',
      ]);
    }
  });

  it('defined names are not read: one over a whole column makes no cells', async () => {
    const data = withParts(base, {
      'xl/workbook.xml': (x) =>
        x.replace(
          '</sheets>',
          '</sheets><definedNames><definedName name="Col">Battles!$A$1:$A$1048576</definedName></definedNames>',
        ),
    });
    const wb = await loadCellParts(checked(data));
    // exceljs kept a cell for each cell a defined name covers (Battles!$A$1:$XFD$1048576: 17 billion).
    expect(wb.definedNames.model).toEqual([]);
    expect(cellsOf(wb)).toEqual(cells);
  });

  it('a dimension, row spans and the last row of the sheet make nothing per column or row', async () => {
    const data = sheet((x) =>
      x
        .replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:XFD1048576"/>')
        .replace(/spans="[^"]*"/g, 'spans="1:16384"')
        .replace(
          '</sheetData>',
          '<row r="1048576" spans="1:1000000000"><c r="A1048576" s="0"/></row></sheetData>',
        ),
    );
    const wb = await loadCellParts(checked(data));
    expect(wb.worksheets[0].rowCount).toBe(1_048_576);
    expect(cellCount(wb)).toBe(cellCount(await loadCellParts(checked(base))));
  });

  it('a row numbered past the last row of Excel: a damaged sheet, said plainly', async () => {
    const data = sheet((x) =>
      x.replace('</sheetData>', '<row r="1048577"><c r="A1048577"><v>1</v></c></row></sheetData>'),
    );
    // With r="4000000000", exceljs' rows had four billion places to walk through.
    expect(await failure(data)).toBe(
      'part xl/worksheets/sheet1.xml (sheet "Battles") is damaged: it has a row numbered 1048577, and Excel\'s rows end at 1048576',
    );
  });

  it('rows written without their numbers are the rows after the ones before', async () => {
    const data = sheet((x) => x.replace(/<row r="\d+"/g, '<row'));
    expect(await viaParts(data)).toEqual(cells);
  });
});
