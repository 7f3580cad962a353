import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resultsContent, logContent } from '../headless/workbook/layouts';
import { SheetContent } from '../headless/workbook/sheet-xml';
import { addSheetsToPackage } from '../headless/workbook/write';
import { resolveBattle } from '../src/battle';
import { validateBattle } from '../src/battle-spec';
import { logSheet } from '../src/log-sheet';
import { TITLE_FONT_SIZE, TITLE_LINE_HEIGHT } from '../src/sheet-layout';
import { asXlsm, FIXTURES, parts, submission } from './helpers/workbooks';
import { findAll, parseXml } from './helpers/xml-tree';

/** Writing sheets into the original package: nothing of the original may change. */

const CHANGEABLE = new Set([
  'xl/workbook.xml',
  'xl/_rels/workbook.xml.rels',
  '[Content_Types].xml',
  'xl/styles.xml',
]);

function sampleSheets(): SheetContent[] {
  const b = validateBattle({ id: '=B1', attacker: '3 INF 1 CAT', defender: '4 INF', seed: 's' });
  if (!b.ok) throw new Error(b.error);
  const r = resolveBattle(b.value);
  if (!r.ok) throw new Error(r.error);
  const rows = [
    ['Battle', 'Winner'],
    ['=SUM(A1)', 'attacker'],
    ['+1', 3],
    ['@x', true],
  ];
  return [resultsContent('Results', rows, 'turn.xlsx'), logContent(logSheet(r.value, new Set()))];
}

async function expectOriginalPartsKept(input: Buffer): Promise<Map<string, Buffer>> {
  const output = await addSheetsToPackage(input, sampleSheets());
  const before = await parts(input);
  const after = await parts(output);
  for (const [name, data] of before) {
    expect(after.has(name)).toBe(true);
    if (!CHANGEABLE.has(name))
      expect({ name, same: after.get(name)!.equals(data) }).toEqual({ name, same: true });
  }
  expect(after.size).toBe(before.size + 2);
  return after;
}

describe('addSheetsToPackage', () => {
  const rich = readFileSync(join(FIXTURES, 'rich.xlsx'));

  it('the fixture has what the test is about: a chart, an image, names, validation, formatting', async () => {
    const p = await parts(rich);
    const names = [...p.keys()];
    expect(names.some((n) => n.startsWith('xl/charts/chart'))).toBe(true);
    expect(names.some((n) => n.startsWith('xl/media/'))).toBe(true);
    const sheet1 = p.get('xl/worksheets/sheet1.xml')!.toString();
    expect(sheet1).toContain('<dataValidation');
    expect(sheet1).toContain('<conditionalFormatting');
    expect(p.get('xl/workbook.xml')!.toString()).toContain('<definedName');
  });

  it('keeps every other part of an .xlsx byte for byte', async () => {
    const after = await expectOriginalPartsKept(rich);
    const workbook = after.get('xl/workbook.xml')!.toString();
    expect(workbook).toContain('name="LegionCounts"');
    expect(workbook).toContain('<sheet name="Results" sheetId="4"');
    expect(workbook).toContain(
      `<definedName name="_xlnm.Print_Titles" localSheetId="3">'Results'!$1:$1</definedName>`,
    );
  });

  it('keeps the macros of an .xlsm byte for byte', async () => {
    const xlsm = await asXlsm(rich);
    const after = await expectOriginalPartsKept(xlsm);
    expect(
      after.get('xl/vbaProject.bin')!.equals((await parts(xlsm)).get('xl/vbaProject.bin')!),
    ).toBe(true);
    expect(after.get('[Content_Types].xml')!.toString()).toContain('macroEnabled.main+xml');
  });

  it('writes values only, formula-like text as text, with print and view settings', async () => {
    const after = await parts(await addSheetsToPackage(rich, sampleSheets()));
    const types = after.get('[Content_Types].xml')!.toString();
    const added = [...after.keys()].filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n)).sort();
    const results = after.get(added[3])!.toString();
    expect(types).toContain(`PartName="/${added[3]}"`);
    expect(results).not.toContain('<f>');
    expect(results).toContain('<t>=SUM(A1)</t>');
    expect(results).toContain(
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>',
    );
    expect(results).toContain(
      '<pageSetup orientation="landscape" fitToWidth="1" fitToHeight="0"/>',
    );
    expect(results).toContain('<pageSetUpPr fitToPage="1"/>');
    const log = after.get(added[4])!.toString();
    expect(log).toContain('<oddHeader>&amp;CBattle =B1 — cote-pbem 1.0.0</oddHeader>');
    expect(log).toContain('<oddFooter>&amp;Lseed s&amp;RPage &amp;P of &amp;N</oddFooter>');
  });

  it('gives exceljs back the same cells, styled headers and formula-like text as text', async () => {
    const input = await submission([['B1']], [['B1', 'Attacker']]);
    const out = await addSheetsToPackage(input, sampleSheets());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(out as unknown as ArrayBuffer);
    const results = wb.getWorksheet('Results')!;
    expect(results.getRow(2).values).toEqual([undefined, '=SUM(A1)', 'attacker']);
    expect(results.getCell('A2').type).toBe(ExcelJS.ValueType.String);
    expect(results.getRow(4).values).toEqual([undefined, '@x', true]);
    expect(results.getCell('A1').font?.bold).toBe(true);
    expect(results.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const log = wb.worksheets.find((w) => w.name.startsWith('Log '))!;
    expect(log.name).toBe('Log =B1');
    expect(log.getCell('A1').font?.bold).toBe(true);
  });

  it('aligns every body cell of Results to the top, keeping its other look; logs their summary', async () => {
    const input = await submission([['B1']], [['B1', 'Attacker']]);
    const [, log] = sampleSheets();
    const rows = [
      ['Battle', 'Winner', 'Outcome', 'Rounds', 'Survivors', 'Error'],
      ['B1', 'attacker', 'eliminated', 3, '1 CAT 2 CAV', ''],
      ['=2+3', '', '', '', '', 'a battle whose error takes lines '.repeat(4)],
      ['', '', 'warning', '', '', '=looks like a formula'],
    ];
    // The Error column is the sixth here.
    const content = { ...resultsContent('Results', rows, 't.xlsx'), wrapped: [5] };
    const out = await addSheetsToPackage(input, [content, log]);
    // Each cell as a reader sees it (exceljs): vertical, horizontal, wrapped, bold; and whether
    // its format keeps text as text (the quote prefix, which exceljs does not read).
    const p = await parts(out);
    const xfs = findAll(parseXml(p.get('xl/styles.xml')!.toString()), 'cellXfs')[0].children;
    const sheetXml = [...p.values()].map(String).find((x) => x.includes('whose error takes'))!;
    const quoted = findAll(parseXml(sheetXml), 'c')
      .filter((c) => xfs[Number(c.attrs.s ?? 0)].attrs.quotePrefix === '1')
      .map((c) => c.attrs.r);
    expect(quoted).toEqual(['A3', 'F4']);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(out as unknown as ArrayBuffer);
    const results = wb.getWorksheet('Results')!;
    const looks: string[] = [];
    results.eachRow((row) =>
      row.eachCell((cell) => {
        const a = cell.alignment ?? {};
        const wrap = a.wrapText ? 'wrap' : '-';
        const bold = cell.font?.bold ? 'bold' : '-';
        looks.push(`${cell.address} ${a.vertical ?? '-'} ${a.horizontal ?? '-'} ${wrap} ${bold}`);
      }),
    );
    expect(looks).toEqual([
      ...'ABCDEF'.split('').map((c) => `${c}1 - - - bold`),
      'A2 top - - -',
      'B2 top - - -',
      'C2 top - - -',
      'D2 top center - -',
      'E2 top - - -',
      'A3 top - - -',
      'F3 top - wrap -',
      'C4 top - - -',
      'F4 top - wrap -',
    ]);
    expect(results.getRow(3).height).toBeGreaterThan(15);
    // A log's summary lines wrap from the top, each merged across the table (9 columns, A:I),
    // the title bold; its shots are one line each and keep Excel's alignment, bottom.
    const logSheet = wb.worksheets.find((w) => w.name.startsWith('Log '))!;
    const summary = log.rows.findIndex((row) => row.cells.length === 0);
    expect(summary).toBe(7);
    const vertical: string[] = [];
    logSheet.eachRow((row) =>
      row.eachCell((c) => {
        if (c.isMerged && c.master !== c) return;
        const a = c.alignment ?? {};
        vertical.push(
          `${Number(c.row) <= summary ? 'summary' : 'table'} ${a.vertical ?? '-'} ${a.wrapText ? 'wrap' : '-'}`,
        );
      }),
    );
    expect(new Set(vertical)).toEqual(new Set(['summary top wrap', 'table - -']));
    expect(logSheet.getCell('A1').font?.bold).toBe(true);
    // As the taskpane writes it: 13 points, its row 17.25 points a line (src/sheet-layout.ts).
    expect(logSheet.getCell('A1').font?.size).toBe(TITLE_FONT_SIZE);
    expect(logSheet.getRow(1).height! % TITLE_LINE_HEIGHT).toBe(0);
    expect(logSheet.getCell('A2').font?.size).not.toBe(TITLE_FONT_SIZE);
    expect((logSheet.model as unknown as { merges: string[] }).merges.sort()).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((r) => `A${r}:I${r}`),
    );
  });

  it('marks only text whose spaces a reader could lose, and gives that text back whole', async () => {
    const texts = ['  lead', 'trail ', 'two  spaces', 'line\nbreak', 'tab\there', 'one space'];
    const sheet = resultsContent('Results', [['Text'], ...texts.map((t) => [t])], 'turn.xlsx');
    const input = await submission([['B1']], [['B1', 'Attacker']]);
    const out = await addSheetsToPackage(input, [sheet]);
    const xml = [...(await parts(out)).entries()]
      .find(
        ([name, data]) =>
          name.startsWith('xl/worksheets/') && data.toString().includes('one space'),
      )![1]
      .toString();
    for (const t of texts.slice(0, 5)) expect(xml).toContain(`<t xml:space="preserve">${t}</t>`);
    expect(xml).toContain('<t>one space</t>');
    expect(xml).toContain('<t>Text</t>');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(out as unknown as ArrayBuffer);
    const column = wb.getWorksheet('Results')!.getColumn(1).values.slice(2);
    expect(column).toEqual(texts);
  });

  it('refuses to add a sheet whose name is taken', async () => {
    const input = await submission([], [], { extraSheets: ['results'] });
    await expect(addSheetsToPackage(input, sampleSheets())).rejects.toThrow(/already has a sheet/);
  });
});
