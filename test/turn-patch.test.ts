import { patchCells } from '../headless/workbook/cell-patch';

/** Writing values into an existing sheet part: only the cells written change. */

const sheet = (rows: string, p = '') =>
  `<?xml version="1.0"?><${p}worksheet xmlns${p ? `:${p.slice(0, -1)}` : ''}="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
  `<${p}dimension ref="A1:D3"/><${p}sheetData>${rows}</${p}sheetData><${p}pageMargins left="0.7"/></${p}worksheet>`;

const patched = (xml: string, ...writes: [number, number, string | number][]) => {
  const r = patchCells(
    xml,
    writes.map(([row, col, value]) => ({ row, col, value })),
    'Players',
  );
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe('patchCells', () => {
  const rows =
    '<row r="1" spans="1:3"><c r="A1" t="s"><v>0</v></c><c r="C1" s="4" t="s"><v>1</v></c></row>' +
    '<row r="2" spans="1:3" ht="20" customHeight="1"><c r="A2" t="s"><v>2</v></c><c r="C2" s="7"><v>40</v></c></row>';

  it('replaces a value, keeping the cell style and every other byte', () => {
    const out = patched(sheet(rows), [1, 2, 95]);
    expect(out).toBe(
      sheet(rows.replace('<c r="C2" s="7"><v>40</v></c>', '<c r="C2" s="7"><v>95</v></c>')),
    );
  });

  it('writes text as an inline string in place of a shared one', () => {
    const out = patched(sheet(rows), [0, 2, 'fortified & <city>']);
    expect(out).toContain(
      '<c r="C1" s="4" t="inlineStr"><is><t>fortified &amp; &lt;city&gt;</t></is></c>',
    );
    expect(out).not.toContain('<c r="C1" s="4" t="s">');
  });

  it("adds a missing cell in column order, dropping only that row's spans hint", () => {
    const out = patched(sheet(rows), [1, 1, 5], [1, 3, 'x']);
    expect(out).toContain(
      '<row r="2" ht="20" customHeight="1"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>5</v></c>' +
        '<c r="C2" s="7"><v>40</v></c><c r="D2" t="inlineStr"><is><t>x</t></is></c></row>',
    );
    expect(out).toContain('<row r="1" spans="1:3">');
  });

  it('adds missing rows in order, also into an empty row or an empty sheet', () => {
    expect(patched(sheet(rows), [4, 0, 2], [2, 0, 1])).toBe(
      sheet(
        `${rows}<row r="3"><c r="A3"><v>1</v></c></row><row r="5"><c r="A5"><v>2</v></c></row>`,
      ),
    );
    const gap = '<row r="1"><c r="A1"><v>1</v></c></row><row r="4"/>';
    expect(patched(sheet(gap), [1, 0, 7], [3, 1, 8])).toBe(
      sheet(
        '<row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="A2"><v>7</v></c></row>' +
          '<row r="4"><c r="B4"><v>8</v></c></row>',
      ),
    );
    const empty = sheet('').replace('<sheetData></sheetData>', '<sheetData/>');
    expect(patched(empty, [1, 0, 2])).toBe(sheet('<row r="2"><c r="A2"><v>2</v></c></row>'));
  });

  it('works in parts that prefix every element', () => {
    const x = '<x:row r="1"><x:c r="A1" s="2"><x:v>1</x:v></x:c></x:row>';
    expect(patched(sheet(x, 'x:'), [0, 0, 3], [0, 1, 'y'])).toBe(
      sheet(
        '<x:row r="1"><x:c r="A1" s="2"><x:v>3</x:v></x:c><x:c r="B1" t="inlineStr"><x:is><x:t>y</x:t></x:is></x:c></x:row>',
        'x:',
      ),
    );
  });

  it('refuses to write over a formula, naming the cell', () => {
    const f = '<row r="2"><c r="C2"><f>SUM(A1:A9)</f><v>40</v></c></row>';
    expect(patchCells(sheet(f), [{ row: 1, col: 2, value: 1 }], 'Players')).toEqual({
      ok: false,
      error:
        'Players!C2 holds a formula; Praetor writes a value there: replace the formula with its value',
    });
  });

  it('refuses rows or cells without addresses rather than guess', () => {
    expect(
      patchCells(sheet('<row><c><v>1</v></c></row>'), [{ row: 0, col: 0, value: 1 }]),
    ).toMatchObject({
      ok: false,
      error: expect.stringContaining('rows without numbers'),
    });
    expect(
      patchCells(sheet('<row r="1"><c><v>1</v></c></row>'), [{ row: 0, col: 0, value: 1 }]),
    ).toMatchObject({ ok: false, error: expect.stringContaining('cells without addresses') });
  });

  it('leaves the part alone when nothing is written', () => {
    expect(patched(sheet(rows))).toBe(sheet(rows));
  });
});
