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

/**
 * Valid XML that markup patterns misread: each part is well-formed, and the write must land in
 * the element a conforming parser sees, every other byte kept.
 */
describe('patchCells, reading the part as XML', () => {
  const one = (row: number, col: number, value: string | number) => ({ row, col, value });
  const refused = (xml: string, writes: { row: number; col: number; value: string | number }[]) =>
    patchCells(xml, writes, 'Players');

  it('never takes a row inside a comment for a row', () => {
    const comment = '<!-- <row r="2"><c r="A2"><v>1</v></c></row> -->';
    expect(patched(sheet(comment), [[1, 0, 5]])).toBe(
      sheet(`${comment}<row r="2"><c r="A2"><v>5</v></c></row>`),
    );
  });

  it('never takes a cell inside a comment for a cell', () => {
    const rows = '<row r="1"><c r="A1"><v>1</v></c><!-- <c r="B1"><v>2</v></c> --></row>';
    expect(patched(sheet(rows), [[0, 1, 5]])).toBe(
      sheet(
        '<row r="1"><c r="A1"><v>1</v></c><!-- <c r="B1"><v>2</v></c> --><c r="B1"><v>5</v></c></row>',
      ),
    );
  });

  it('never takes cell data inside a comment for the cell data', () => {
    const xml = `<worksheet xmlns="${MAIN}"><!-- <sheetData/> --><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData></worksheet>`;
    expect(patched(xml, [[0, 0, 5]])).toBe(xml.replace('<v>1</v>', '<v>5</v>'));
  });

  it('never takes markup in a CDATA section or a processing instruction for elements', () => {
    const cdata =
      '<row r="1"><c r="A1" t="inlineStr"><is><t><![CDATA[</c><c r="B1"><v>2</v></c>]]></t></is></c></row>';
    expect(patched(sheet(cdata), [[0, 1, 5]])).toBe(
      sheet(cdata.replace('</row>', '<c r="B1"><v>5</v></c></row>')),
    );
    const pi = '<?note <row r="2"><c r="A2"><v>1</v></c></row>?>';
    expect(patched(sheet(pi), [[1, 0, 5]])).toBe(
      sheet(`${pi}<row r="2"><c r="A2"><v>5</v></c></row>`),
    );
  });

  it('reads end tags written with a space', () => {
    const rows =
      '<row r="1"><c r="A1"><v>1</v></c ></row ><row r="2"><c r="A2"><v>2</v></c ></row >';
    const xml = sheet(rows).replace('</sheetData>', '</sheetData >');
    expect(patched(xml, [[1, 0, 5]])).toBe(
      xml.replace('<c r="A2"><v>2</v></c >', '<c r="A2"><v>5</v></c>'),
    );
    expect(patched(xml, [[0, 1, 5]])).toBe(
      xml.replace('<v>1</v></c >', '<v>1</v></c ><c r="B1"><v>5</v></c>'),
    );
    // Read by pattern, the first cell ran on to the next "</c>" and its write lost cell B1.
    const cells = sheet('<row r="1"><c r="A1"><v>1</v></c ><c r="B1"><v>2</v></c></row>');
    expect(patched(cells, [[0, 0, 5]])).toBe(cells.replace('<v>1</v></c >', '<v>5</v></c>'));
  });

  it("drops a row's spans written in single quotes when a cell is added", () => {
    const rows = "<row r='1'\n spans = '1:1' ht='20'><c r='A1' s='3'><v>1</v></c></row>";
    expect(patched(sheet(rows), [[0, 1, 5]])).toBe(
      sheet("<row r='1' ht='20'><c r='A1' s='3'><v>1</v></c><c r=\"B1\"><v>5</v></c></row>"),
    );
  });

  it('reads a start tag whose attribute value holds ">" before its address', () => {
    const rows =
      '<row q:note="a>b" r="1" spans="1:1" xmlns:q="urn:q"><c q:note="c>d" r="A1" s="2"><v>1</v></c></row>';
    expect(patched(sheet(rows), [[0, 1, 5]])).toBe(
      sheet(
        '<row q:note="a>b" r="1" xmlns:q="urn:q"><c q:note="c>d" r="A1" s="2"><v>1</v></c><c r="B1"><v>5</v></c></row>',
      ),
    );
    expect(patched(sheet(rows), [[0, 0, 5]])).toBe(
      sheet(
        rows.replace('<c q:note="c>d" r="A1" s="2"><v>1</v></c>', '<c r="A1" s="2"><v>5</v></c>'),
      ),
    );
  });

  it('refuses a formula whatever the prefix it is written with', () => {
    const f = `<row r="2"><c r="C2"><x:f xmlns:x="${MAIN}">SUM(A1:A9)</x:f><v>40</v></c></row>`;
    expect(refused(sheet(f), [one(1, 2, 1)])).toEqual({
      ok: false,
      error:
        'Players!C2 holds a formula; Praetor writes a value there: replace the formula with its value',
    });
    // An element named f of another namespace is no formula.
    const other = '<row r="2"><c r="C2"><v>40</v><f xmlns="urn:o"/></c></row>';
    expect(patched(sheet(other), [[1, 2, 1]])).toBe(
      sheet('<row r="2"><c r="C2"><v>1</v></c></row>'),
    );
  });

  it('matches elements by namespace: a prefix declared on sheetData, or none on the root', () => {
    const inner = `<x:sheetData xmlns:x="${MAIN}"><x:row r="1"><x:c r="A1"><x:v>1</x:v></x:c></x:row></x:sheetData>`;
    const xml = `<worksheet xmlns="${MAIN}">${inner}</worksheet>`;
    expect(
      patched(xml, [
        [0, 0, 5],
        [0, 1, 'y'],
        [1, 0, 6],
      ]),
    ).toBe(
      xml.replace(
        '<x:v>1</x:v></x:c></x:row>',
        '<x:v>5</x:v></x:c><x:c r="B1" t="inlineStr"><x:is><x:t>y</x:t></x:is></x:c></x:row>' +
          '<x:row r="2"><x:c r="A2"><x:v>6</x:v></x:c></x:row>',
      ),
    );
    const mixed = `<w:worksheet xmlns:w="${MAIN}"><sheetData xmlns="${MAIN}"><row r="1"><c r="A1"><v>1</v></c></row></sheetData></w:worksheet>`;
    expect(patched(mixed, [[0, 0, 5]])).toBe(mixed.replace('<v>1</v>', '<v>5</v>'));
  });

  it('ignores elements of another namespace that share a name', () => {
    const xml = `<worksheet xmlns="${MAIN}"><sheetData xmlns="urn:o"><row r="1"/></sheetData><sheetData/></worksheet>`;
    expect(patched(xml, [[0, 0, 5]])).toBe(
      xml.replace('<sheetData/>', '<sheetData><row r="1"><c r="A1"><v>5</v></c></row></sheetData>'),
    );
  });

  it('writes one cell for two writes to the same new cell, the last value kept', () => {
    expect(
      patched(sheet(''), [
        [0, 0, 1],
        [0, 0, 2],
      ]),
    ).toBe(sheet('<row r="1"><c r="A1"><v>2</v></c></row>'));
  });

  it('says the sheet is damaged when its part is not well-formed XML', () => {
    for (const bad of [
      sheet('<row r="1"><c r="A1"><v>1</v></row>'),
      sheet('<row r="1"><c r="A1"><v>1</c></v></row>'),
      sheet('<row r="1"><c r="A1" s="1" s="2"><v>1</v></c></row>'),
      // In a row not written to, whose cells are checked but not kept.
      sheet('<row r="1"/><row r="5"><c r="A5"><v>1</c></v></row>'),
      `<worksheet xmlns="${MAIN}"><sheetData><row r="1">`,
    ]) {
      expect(refused(bad, [one(0, 0, 5)])).toEqual({
        ok: false,
        error: expect.stringMatching(/^the sheet Players is damaged: line \d+: /),
      });
    }
    const twice = `<worksheet xmlns="${MAIN}"><sheetData/><sheetData/></worksheet>`;
    expect(refused(twice, [one(0, 0, 5)])).toEqual({
      ok: false,
      error: 'the sheet Players is damaged: it holds two sets of cell data',
    });
  });
});
