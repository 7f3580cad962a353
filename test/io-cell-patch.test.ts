import { patchCells } from '../headless/workbook/cell-patch';
import { writeCellsToPackage } from '../headless/workbook/sheet-parts';
import { handZip } from './helpers/hand-zip';
import { parts } from './helpers/workbooks';
import { findAll, parseXml } from './helpers/xml-tree';

/** Values written into existing cells of a worksheet part, and into the package around it. */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const sheet = (rows: string) =>
  `<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;

function patched(xml: string, writes: [number, number, string | number][]): string {
  const r = patchCells(
    xml,
    writes.map(([row, col, value]) => ({ row, col, value })),
  );
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** Each row's cells in document order: address and shown text. */
const grid = (xml: string) =>
  findAll(parseXml(xml), 'row').map((row) => [
    row.attrs.r,
    ...findAll(row, 'c').map(
      (c) => `${c.attrs.r}=${findAll(c, 't')[0]?.text ?? findAll(c, 'v')[0]?.text}`,
    ),
  ]);

describe('patchCells', () => {
  it('finds a cell of a column past Z by its letters (AA is the 27th column)', () => {
    const xml = sheet(
      '<row r="1"><c r="Z1"><v>1</v></c><c r="AA1"><v>2</v></c><c r="AB1"><v>3</v></c></row>',
    );
    expect(grid(patched(xml, [[0, 26, 20]]))).toEqual([['1', 'Z1=1', 'AA1=20', 'AB1=3']]);
    expect(grid(patched(xml, [[0, 27, 30]]))).toEqual([['1', 'Z1=1', 'AA1=2', 'AB1=30']]);
  });

  it('adds cells in column order, whatever the order of the writes', () => {
    const xml = sheet('<row r="1"><c r="C1"><v>3</v></c></row>');
    expect(
      grid(
        patched(xml, [
          [0, 4, 5],
          [0, 0, 1],
          [0, 3, 4],
          [0, 1, 2],
        ]),
      ),
    ).toEqual([['1', 'A1=1', 'B1=2', 'C1=3', 'D1=4', 'E1=5']]);
  });

  it('writes a new row with its cells in column order, whatever the order of the writes', () => {
    expect(
      grid(
        patched(sheet(''), [
          [1, 2, 'c'],
          [1, 0, 'a'],
          [1, 1, 'b'],
        ]),
      ),
    ).toEqual([['2', 'A2=a', 'B2=b', 'C2=c']]);
  });

  it('keeps the spaces of text a reader could trim, in a new cell and an old one', () => {
    const xml = sheet('<row r="1"><c r="A1"><v>1</v></c></row>');
    const out = patched(xml, [
      [0, 0, '  lead'],
      [0, 1, 'two  spaces'],
    ]);
    expect(grid(out)).toEqual([['1', 'A1=  lead', 'B1=two  spaces']]);
    expect(findAll(parseXml(out), 't').map((t) => t.attrs['xml:space'])).toEqual([
      'preserve',
      'preserve',
    ]);
  });
});

/**
 * A workbook package whose one sheet `Players` is at `target`, relationships bound to `r`;
 * `before` goes into `<sheets>` before the sheet (a comment, say).
 */
function book(target: string, r = 'r', before = ''): Buffer {
  return handZip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        `<Relationships><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        `<workbook xmlns="${MAIN}" xmlns:${r}="${REL}"><sheets>${before}<sheet name="Players" sheetId="1" ${r}:id="rId7"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `<Relationships><Relationship Id="rId7" Type="${REL}/worksheet" Target="${target}"/></Relationships>`,
      ),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: Buffer.from(sheet('<row r="1"><c r="A1"><v>1</v></c></row>')),
    },
  ]);
}

async function written(data: Buffer, sheetName = 'Players'): Promise<string[][]> {
  const r = writeCellsToPackage(data, new Map([[sheetName, [{ row: 0, col: 0, value: 9 }]]]));
  if (!r.ok) throw new Error(r.error);
  return grid((await parts(r.value)).get('xl/worksheets/sheet1.xml')!.toString());
}

describe('writeCellsToPackage', () => {
  it('finds the sheet by its name in any case', async () => {
    expect(await written(book('worksheets/sheet1.xml'), 'PLAYERS')).toEqual([['1', 'A1=9']]);
  });

  it('follows a relationship target given as an absolute path', async () => {
    expect(await written(book('/xl/worksheets/sheet1.xml'))).toEqual([['1', 'A1=9']]);
  });

  it('reads the relationship id under the prefix the workbook binds', async () => {
    expect(await written(book('worksheets/sheet1.xml', 'rel'))).toEqual([['1', 'A1=9']]);
  });
  it('never takes a sheet inside a comment for the sheet', async () => {
    // The commented-out sheet points at no relationship: found by pattern, it hid the real one.
    const commented = '<!-- <sheet name="Players" sheetId="9" r:id="rId9"/> -->';
    expect(await written(book('worksheets/sheet1.xml', 'r', commented))).toEqual([['1', 'A1=9']]);
  });

  it('names a sheet index it cannot read', () => {
    const broken = book('worksheets/sheet1.xml', 'r', '<sheet name="x"');
    expect(
      writeCellsToPackage(broken, new Map([['Players', [{ row: 0, col: 0, value: 9 }]]])),
    ).toEqual({
      ok: false,
      error: expect.stringMatching(/^the workbook's sheet index cannot be read: /),
    });
  });
});
