import ExcelJS from 'exceljs';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adjudicateFile } from '../headless/adjudicate-file';
import { turnFile } from '../headless/turn-file';
import { EMPTY_FORMULA_TEXT, markEmptyFormulaText } from '../headless/workbook/empty-formula-text';
import { DEFAULT_LIMITS } from '../headless/workbook/guard';
import { readPackageFile, readWorkbookTables } from '../headless/workbook/read';
import { turnTemplateWorkbook } from '../headless/workbook/turn-template';
import { readForVerify } from '../headless/workbook/verify-read';
import { readSubmission } from '../src/submission';
import { ZipPackage } from '../headless/workbook/zip-package';
import { handZip } from './helpers/hand-zip';
import { mergedLegions, simpleSubmission, tempDir } from './helpers/workbooks';
import { cpuMs } from './helpers/cpu';

/** Reading a workbook file: the guard's limits as given, tables as Excel shows them. */

describe('readPackageFile', () => {
  it('checks the package against the limits it is given, not the defaults', async () => {
    const file = join(tempDir(), 'turn.xlsx');
    writeFileSync(file, await simpleSubmission());
    expect(readPackageFile(file, { ...DEFAULT_LIMITS, maxEntries: 2 })).toEqual({
      ok: false,
      error: expect.stringMatching(/^the package has \d+ parts; the limit is 2 \(a zip bomb\?\)$/),
    });
  });
});

describe('readWorkbookTables', () => {
  it("gives a sheet's merges on its grid, and a table's on its own, cut to it", async () => {
    const wb = new ExcelJS.Workbook();
    const legions = wb.addWorksheet('Legions');
    legions.addRows([
      [],
      ['Battle', 'Side', 'Infantry'], // the header in row 2: the grid starts there
      ['B1', 'Attacker', 3],
      [null, 'Defender', null],
    ]);
    legions.mergeCells('A3:A4');
    legions.mergeCells('C3:C4');
    legions.mergeCells('A1:C1'); // above the grid: left out
    const orders = wb.addWorksheet('Orders');
    orders.addTable({
      name: 'Battles',
      ref: 'C3',
      columns: [{ name: 'Battle' }, { name: 'Territory' }],
      rows: [
        ['B1', 'Gallia'],
        ['B2', null],
      ],
    });
    orders.mergeCells('D4:D5');
    const tables = await readWorkbookTables(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(tables.legions?.origin).toEqual({ sheet: 'Legions', row: 1, col: 0 });
    expect(tables.legions?.merges).toEqual([
      { top: 1, left: 0, bottom: 2, right: 0 },
      { top: 1, left: 2, bottom: 2, right: 2 },
    ]);
    expect(tables.battles?.merges).toEqual([{ top: 1, left: 1, bottom: 2, right: 1 }]);
  });

  it('a value a file holds under a merge is kept, and named, not dropped', async () => {
    const wb = mergedLegions(
      's',
      [
        ['Battle', 'Side', 'Infantry'],
        ['B1', 'Attacker', 3],
        ['B1', 'Defender', 2],
      ],
      ['C2:C3'],
    );
    // As the format painter or LibreOffice leave it: C3 still holds its 2, hidden by Excel.
    const data = withParts(Buffer.from(await wb.xlsx.writeBuffer()), {
      'xl/worksheets/sheet2.xml': (x) => x.replace(/<c r="C3"[^>]*?\/>/, '<c r="C3"><v>2</v></c>'),
    });
    const tables = await readWorkbookTables(data);
    expect(tables.legions?.cells[2][2]).toBe(2);
    const s = readSubmission(tables.battles!, tables.legions!);
    expect(s.entries[0].error).toBe(
      'Legions!C3: the merged cells C2:C3 show "3" here, but C3 holds "2", hidden: unmerge C2:C3 and give each cell its own value',
    );
  });

  it('a row above the table whose values are all hidden under a merge is not its header', async () => {
    const wb = mergedLegions(
      's',
      [
        ['', '', ''],
        ['Battle', 'Side', 'Infantry'],
        ['B1', 'Attacker', 3],
        ['B1', 'Defender', 2],
      ],
      ['A1:C1'],
    );
    // B1 holds an old note under A1:C1, whose blank A1 shows nothing.
    const data = withParts(Buffer.from(await wb.xlsx.writeBuffer()), {
      'xl/worksheets/sheet2.xml': (x) =>
        x.replace(/<c r="B1"[^>]*?\/>/, '<c r="B1" t="inlineStr"><is><t>old note</t></is></c>'),
    });
    const tables = await readWorkbookTables(data);
    expect(tables.legions?.origin.row).toBe(1);
    const s = readSubmission(tables.battles!, tables.legions!);
    expect(s.problems).toEqual([]);
    expect(s.entries[0].error).toBeNull();
  });

  it('a count a merge shows over two legions stops their battle, in the file adjudicated', async () => {
    const wb = mergedLegions(
      's',
      [
        ['Battle', 'Side', 'Infantry', 'Cavalry'],
        ['B1', 'Attacker', 3, 1],
        ['B1', 'Defender', null, 1],
      ],
      ['C2:C3'],
    );
    const dir = tempDir();
    const input = join(dir, 'merged.xlsx');
    writeFileSync(input, Buffer.from(await wb.xlsx.writeBuffer()));
    const report = await adjudicateFile({
      input,
      output: join(dir, 'out.xlsx'),
      force: false,
      limits: DEFAULT_LIMITS,
    });
    expect(report.results.map((r) => r.error)).toEqual([
      'Legions!C3: the merged cells C2:C3 show "3" here, but that is C2\'s value and Praetor reads C3 as blank: unmerge C2:C3 and give each cell its own value',
    ]);
  });

  it("leaves a table's totals row out of its rows", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Orders');
    ws.addTable({
      name: 'Legions',
      ref: 'A1',
      totalsRow: true,
      columns: [
        { name: 'Battle', totalsRowLabel: 'Total' },
        { name: 'Infantry', totalsRowFunction: 'sum' },
      ],
      rows: [
        ['B1', 3],
        ['B2', 4],
      ],
    });
    const tables = await readWorkbookTables(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(tables.legions?.cells.map((row) => row[0])).toEqual(['Battle', 'B1', 'B2']);
  });

  it("reads a table's range only as far as the sheet's last cell", async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Orders').addTable({
      name: 'Legions',
      ref: 'A1',
      columns: [{ name: 'Battle' }, { name: 'Side' }],
      rows: [['B1', 'Attacker']],
    });
    const data = withParts(Buffer.from(await wb.xlsx.writeBuffer()), {
      'xl/tables/table1.xml': (x) => x.replace(/ref="A1:B2"/, 'ref="A1:B100000"'),
    });
    const tables = await readWorkbookTables(data);
    // Its range was read row by row: 100,000 rows (a million for whole columns).
    expect(tables.legions?.cells).toEqual([
      ['Battle', 'Side'],
      ['B1', 'Attacker'],
    ]);
  });
});

describe('the header row of a sheet', () => {
  it('is the first row that is not blank: a row blank by formulas above it is skipped', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Battles');
    ws.getCell('A1').value = { formula: 'IF(1=1,"","x")', result: '' };
    ws.getCell('B1').value = { formula: 'IF(1=1,"","x")', result: '' };
    ws.getCell('A2').value = 'Battle';
    ws.getCell('A3').value = 'B1';
    const tables = await readWorkbookTables(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(tables.battles?.origin).toEqual({ sheet: 'Battles', row: 1, col: 0 });
    expect(tables.battles?.cells.map((row) => row[0])).toEqual(['Battle', 'B1']);
  });
});

describe('markEmptyFormulaText', () => {
  it("marks a text formula's empty saved value, and nothing else", () => {
    const text = '<c r="A1" t="str"><f>IF(B1="","",B1)</f><v></v></c>';
    const number = '<c r="A2"><f>B2*2</f><v></v></c>';
    const typed = '<c r="A3" t="str"><v></v></c>';
    const xml = `<sheetData><row r="1">${text}${number}${typed}</row></sheetData>`;
    expect(markEmptyFormulaText(xml)).toBe(
      xml.replace(text, text.replace('<v></v>', `<v>${EMPTY_FORMULA_TEXT}</v>`)),
    );
  });

  it('takes no self-closing cell for the start of the formula after it', () => {
    const blank = '<c r="I3" s="1"/>';
    const formula = '<c r="J3" t="str"><f>IF(1=1,"","x")</f><v></v></c>';
    const xml = `<row r="3"><c r="H3" t="str"><v>x</v></c>${blank}${formula}</row>`;
    expect(markEmptyFormulaText(xml)).toBe(
      xml.replace(formula, formula.replace('<v></v>', `<v>${EMPTY_FORMULA_TEXT}</v>`)),
    );
    // A self-closing cell of text type, before a formula that is not text: nothing is marked.
    const number = '<c r="B1" t="str"/><c r="C1"><f>1+1</f><v></v></c>';
    expect(markEmptyFormulaText(number)).toBe(number);
  });

  it('reads a sheet in one pass: 10,000 styled empty cells after such a formula', () => {
    const formula = '<c r="B2" t="str"><f>IF(A1="","",A1)</f><v></v></c>';
    const blanks = Array.from({ length: 10_000 }, (_, i) => `<c r="C${i + 3}" s="1"/>`).join('');
    const xml = `<sheetData><row r="2">${formula}${blanks}</row></sheetData>`;
    const start = cpuMs();
    const marked = markEmptyFormulaText(xml);
    // Each self-closing cell was taken for a start, and the sheet read to its end from it: 5 s.
    expect(cpuMs() - start).toBeLessThan(1000);
    expect(marked).toBe(xml.replace('<v></v>', `<v>${EMPTY_FORMULA_TEXT}</v>`));
  });

  it('marks an empty saved value written as one empty element', () => {
    expect(markEmptyFormulaText('<c r="A1" t="str"><f>X</f><v/></c>')).toBe(
      `<c r="A1" t="str"><f>X</f><v>${EMPTY_FORMULA_TEXT}</v></c>`,
    );
  });
});

/** `data` with its parts changed: `change` gives a part's new text, or null to leave it out. */
function withParts(data: Buffer, change: Record<string, (xml: string) => string | null>): Buffer {
  const pkg = ZipPackage.of(data);
  return handZip(
    pkg.entries.flatMap((e) => {
      const text = pkg.content(e).toString('utf8');
      const changed = change[e.name] ? change[e.name](text) : text;
      return changed === null ? [] : [{ name: e.name, data: Buffer.from(changed, 'utf8') }];
    }),
  );
}

/** What adjudicate, verify and turn say of a file that cannot be read. */
async function verdicts(data: Buffer): Promise<string[]> {
  const dir = tempDir();
  const input = join(dir, 'book.xlsx');
  writeFileSync(input, data);
  const adjudicated = await adjudicateFile({ input, output: join(dir, 'a.xlsx'), force: false });
  const verified = await readForVerify(input);
  const turned = await turnFile({ input, output: join(dir, 't.xlsx'), force: false });
  return [adjudicated.error, verified.ok ? null : verified.error, turned.error].map(String);
}

describe('a workbook the reader cannot read, in adjudicate, verify and turn', () => {
  let turnBook: Buffer;
  beforeAll(async () => (turnBook = await turnTemplateWorkbook()));

  it('a sheet in the sheet index whose part is missing: the sheet and the part', async () => {
    const parts = ZipPackage.of(turnBook);
    const sheet = [...parts.byName.keys()].find((n) => /worksheets\/sheet2\.xml$/.test(n))!;
    const seen = await verdicts(withParts(turnBook, { [sheet]: () => null }));
    for (const v of seen) {
      expect(v).toMatch(
        /not a readable workbook:? \(?the file is damaged: sheet "[^"]+" is in the sheet index, but its part xl\/worksheets\/sheet2\.xml is missing/,
      );
    }
  });

  it('a shared string out of range: the cell, in plain words', async () => {
    const data = withParts(turnBook, {
      'xl/worksheets/sheet1.xml': (x) => x.replace(/(<c r="A1"[^>]*t="s"[^>]*><v>)\d+/, '$19999'),
    });
    for (const v of await verdicts(data)) {
      expect(v).toMatch(
        /the file is damaged: cell [^!]+!A1 \(xl\/worksheets\/sheet1\.xml\) refers to shared string 9999/,
      );
    }
  });

  it('an ill-formed sheet: the part, in plain words', async () => {
    const data = withParts(turnBook, {
      'xl/worksheets/sheet1.xml': (x) => x.replace('</sheetData>', '</row></sheetData>'),
    });
    for (const v of await verdicts(data)) {
      expect(v).toMatch(
        /part xl\/worksheets\/sheet1\.xml \(sheet "[^"]+"\) is damaged or written in a way Praetor cannot read: open the file in Excel and save it again/,
      );
      expect(v).not.toMatch(/\d+:\d+:|unexpected/i);
    }
  });
});
