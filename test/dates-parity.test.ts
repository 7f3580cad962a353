import { handZip } from './helpers/hand-zip';
import { readWorkbookTables } from '../headless/workbook/read';
import { readCell } from '../src/cells';
import { datedCells } from '../taskpane/dated-cells';

/**
 * The same cell read by `praetor adjudicate` (exceljs on the file) and by the pane (Office.js
 * gives the formula's result as is, and the format code): both must read the same value.
 */
const CT = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WB = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Battles" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WBRELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
// xf 0 General, 1 yyyy-mm-dd (custom 164)
const STYLES = `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="31" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`;

// Each row: the cell XML in A (styled yyyy-mm-dd), what Office.js `values` gives for it, and
// what both read: a date only where the cell holds a number.
const CASES: [string, string, unknown, unknown][] = [
  ['a number', '<c r="A2" s="2"><v>45444</v></c>', 45444, '2024-06-01'],
  [
    'a formula giving text "45444"',
    '<c r="A3" s="2" t="str"><f>"4544"&amp;"4"</f><v>45444</v></c>',
    '45444',
    '45444',
  ],
  [
    'a formula giving text "B1"',
    '<c r="A4" s="2" t="str"><f>"B"&amp;1</f><v>B1</v></c>',
    'B1',
    'B1',
  ],
  ['a formula giving TRUE', '<c r="A5" s="2" t="b"><f>1=1</f><v>1</v></c>', true, true],
  // Built-in id 31 (no numFmt element): Japanese/Chinese Excel's long date, which Excel hands
  // an add-in as its code; exceljs knows no code for it.
  ['a number with built-in format 31', '<c r="A6" s="1"><v>45444</v></c>', 45444, '2024-06-01'],
];

function book(rowsXml = CASES.map(([, xml]) => xml), workbook = WB): Buffer {
  const rows = rowsXml.map((xml, i) => `<row r="${i + 2}">${xml}</row>`).join('');
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Battle</t></is></c></row>${rows}</sheetData></worksheet>`;
  const part = (name: string, text: string) => ({ name, data: Buffer.from(text) });
  return handZip([
    part('[Content_Types].xml', CT),
    part('_rels/.rels', RELS),
    part('xl/workbook.xml', workbook),
    part('xl/_rels/workbook.xml.rels', WBRELS),
    part('xl/styles.xml', STYLES),
    part('xl/worksheets/sheet1.xml', sheet),
  ]);
}

test.each(CASES.map(([what], i) => [what, i] as const))(
  '%s in a date-formatted cell reads alike in adjudicate and in the pane',
  async (_what, i) => {
    const tables = await readWorkbookTables(book());
    const headless = readCell(tables.battles!.cells[i + 1][0]);
    const format = i === 4 ? 'yyyy"年"m"月"d"日"' : 'yyyy-mm-dd';
    const pane = readCell(datedCells([[CASES[i][2]]], [[format]])[0][0]);
    expect(headless).toEqual(pane);
    expect(headless).toEqual({ ok: true, value: CASES[i][3] });
  },
);

test('a date in a workbook of the 1904 date system reads alike in adjudicate and in the pane', async () => {
  // Day 43982 counted from 1 January 1904 is 1 June 2024 (day 45444 of the 1900 system).
  const wb1904 = WB.replace('<sheets>', '<workbookPr date1904="1"/><sheets>');
  const tables = await readWorkbookTables(book(['<c r="A2" s="2"><v>43982</v></c>'], wb1904));
  const headless = readCell(tables.battles!.cells[1][0]);
  const pane = readCell(datedCells([[43982]], [['yyyy-mm-dd']], '1904')[0][0]);
  expect(headless).toEqual({ ok: true, value: '2024-06-01' });
  expect(pane).toEqual(headless);
});
