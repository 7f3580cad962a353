import { SimWorkbook, typed } from './sim/model';
import { simGlobals } from './sim/office';
import { SimContext } from './sim/proxies';

/** The simulated Excel host keeps Office.js's rules, or the taskpane tests prove nothing. */

const workbook = () =>
  SimWorkbook.from({
    sheets: [
      {
        name: 'Data',
        rows: [
          ['a', 1],
          ['b', 2],
        ],
        at: 'B2',
      },
      { name: 'My sheet', rows: [['x']] },
    ],
    names: [
      { name: 'Two', ref: 'Data!B2:C3' },
      { name: 'Rate', ref: '0.5' },
    ],
    tables: [{ name: 'T', ref: 'Data!B2:C3' }],
  });

test('a property read before load and sync throws, as in Office.js', async () => {
  const ctx = new SimContext(workbook());
  const range = ctx.workbook.worksheets.getItem('Data').getRange('B2:C3');
  expect(() => range.values).toThrow(/not available.*call the load method/);
  range.load('values');
  expect(() => range.values).toThrow(/not available/);
  await ctx.sync();
  expect(range.values).toEqual([
    ['a', 1],
    ['b', 2],
  ]);
  expect(() => range.address).toThrow(/not available/);
});

test('operations run at sync, in order, and syncs are counted', async () => {
  const model = workbook();
  const ctx = new SimContext(model);
  const sheet = ctx.workbook.worksheets.getItem('Data');
  sheet.getRange('A1').values = [['new']];
  expect(model.sheet('Data')!.value(0, 0)).toBe('');
  const range = sheet.getRange('A1');
  range.load('values');
  await ctx.sync();
  expect(range.values).toEqual([['new']]);
  expect(model.syncCount).toBe(1);
});

test('a missing sheet or name fails the sync, and its loads are not delivered', async () => {
  const model = workbook();
  const ctx = new SimContext(model);
  const names = ctx.workbook.worksheets.load('items/name');
  ctx.workbook.worksheets.getItem('Nope');
  await expect(ctx.sync()).rejects.toMatchObject({ code: 'ItemNotFound' });
  expect(() => names.items).toThrow(/not available/);
  const ctx2 = new SimContext(model);
  ctx2.workbook.names.getItem('Rate').getRange().load('values');
  await expect(ctx2.sync()).rejects.toMatchObject({ code: 'InvalidOperation' });
});

test('an error stops the batch where it happened; what ran before stays done', async () => {
  const model = workbook();
  const ctx = new SimContext(model);
  ctx.workbook.worksheets.add('Added');
  ctx.workbook.worksheets.add('data'); // names compare in any case
  ctx.workbook.worksheets.add('Never');
  await expect(ctx.sync()).rejects.toMatchObject({ code: 'ItemAlreadyExists' });
  expect(model.sheets.map((s) => s.name)).toEqual(['Data', 'My sheet', 'Added']);
});

test('null objects: isNullObject after sync, properties of a null object throw', async () => {
  const ctx = new SimContext(workbook());
  const sheet = ctx.workbook.worksheets.getItemOrNullObject('Nope');
  expect(() => sheet.isNullObject).toThrow(/not available/);
  const empty = ctx.workbook.worksheets.getItem('Data').getUsedRange(true);
  const far = ctx.workbook.worksheets.getItem('Data').getRange('Z100');
  const none = far.getIntersectionOrNullObject(empty);
  none.load('values');
  await ctx.sync();
  expect(sheet.isNullObject).toBe(true);
  expect(none.isNullObject).toBe(true);
  expect(() => none.values).toThrow(/null object/);
});

test('values assignment: size must match; text is read as Excel reads typing', async () => {
  const model = workbook();
  const ctx = new SimContext(model);
  ctx.workbook.worksheets.getItem('Data').getRange('A1:B1').values = [['only one']];
  await expect(ctx.sync()).rejects.toMatchObject({ code: 'InvalidArgument' });
  expect(typed('=1+1')).toEqual({ value: '', formula: '=1+1' });
  expect(typed("'=1+1")).toEqual({ value: '=1+1', textPrefix: true });
  expect(typed('42')).toEqual({ value: 42 });
  expect(typed('TRUE')).toEqual({ value: true });
  expect(typed('-x')).toMatchObject({ formula: '=-x' });
  expect(typed('1/2')?.value).not.toBe('1/2');
  expect(typed('1 CAT 2 INF')).toEqual({ value: '1 CAT 2 INF' });
});

test('features above the host API version fail at sync', async () => {
  const model = workbook();
  model.apiVersion = '1.7';
  const ctx = new SimContext(model);
  ctx.workbook.worksheets.getItem('Data').pageLayout.orientation = 'Landscape';
  await expect(ctx.sync()).rejects.toMatchObject({ code: 'ApiNotFound' });
  const office = simGlobals(model).Office as {
    context: { requirements: { isSetSupported(n: string, v: string): boolean } };
  };
  expect(office.context.requirements.isSetSupported('ExcelApi', '1.7')).toBe(true);
  expect(office.context.requirements.isSetSupported('ExcelApi', '1.9')).toBe(false);
});

test('collections, names, tables, addresses and navigation objects', async () => {
  const ctx = new SimContext(workbook());
  const sheets = ctx.workbook.worksheets.load('items/name');
  const names = ctx.workbook.names.load('items/name,items/type');
  const tables = ctx.workbook.tables.load('items/name,items/showTotals');
  const range = ctx.workbook.names.getItem('two').getRange();
  range.load('address,rowIndex,columnIndex');
  range.worksheet.load('name');
  const quoted = ctx.workbook.worksheets.getItem('My sheet').getRange('A1');
  quoted.load('address');
  await ctx.sync();
  expect(sheets.items.map((s) => s.name)).toEqual(['Data', 'My sheet']);
  expect(names.items.map((n) => [n.name, n.type])).toEqual([
    ['Two', 'Range'],
    ['Rate', 'String'],
  ]);
  expect(tables.items.map((t) => [t.name, t.showTotals])).toEqual([['T', false]]);
  expect([range.address, range.rowIndex, range.columnIndex]).toEqual(['Data!B2:C3', 1, 1]);
  expect(range.worksheet.name).toBe('Data');
  expect(quoted.address).toBe("'My sheet'!A1");
});

test('a whole-column load is refused as too large, as Excel limits a response', async () => {
  const ctx = new SimContext(workbook());
  ctx.workbook.worksheets.getItem('Data').getRange('A:F').load('values');
  await expect(ctx.sync()).rejects.toMatchObject({ code: 'ResponsePayloadSizeLimitExceeded' });
});

describe('sheet names follow Excel’s rules, when added and when renamed', () => {
  const bad = [
    '',
    'x'.repeat(32),
    'a:b',
    'a\\b',
    'a/b',
    'a?b',
    'a*b',
    'a[b',
    'a]b',
    "'a",
    "a'",
    'history',
  ];

  test.each(bad)('%p is refused', async (name) => {
    const model = workbook();
    const ctx = new SimContext(model);
    ctx.workbook.worksheets.add(name);
    await expect(ctx.sync()).rejects.toMatchObject({ code: 'InvalidArgument' });
    const ctx2 = new SimContext(model);
    ctx2.workbook.worksheets.getItem('Data').name = name;
    await expect(ctx2.sync()).rejects.toMatchObject({ code: 'InvalidArgument' });
    expect(model.sheets.map((s) => s.name)).toEqual(['Data', 'My sheet']);
  });

  test('31 characters and an inner apostrophe are fine; a name taken in any case is not', async () => {
    const model = workbook();
    const ctx = new SimContext(model);
    ctx.workbook.worksheets.add('x'.repeat(31));
    ctx.workbook.worksheets.add("Caesar's");
    await ctx.sync();
    expect(model.sheets.map((s) => s.name)).toEqual([
      'Data',
      'My sheet',
      'x'.repeat(31),
      "Caesar's",
    ]);
    const ctx2 = new SimContext(model);
    ctx2.workbook.worksheets.getItem('Data').name = 'MY SHEET';
    await expect(ctx2.sync()).rejects.toMatchObject({ code: 'ItemAlreadyExists' });
  });

  test('a rename keeps the sheet active and may change only the case of its own name', async () => {
    const model = workbook();
    model.active = 'Data';
    const ctx = new SimContext(model);
    ctx.workbook.worksheets.getItem('Data').name = 'DATA';
    await ctx.sync();
    expect(model.active).toBe('DATA');
    expect(model.sheet('data')!.value(1, 1)).toBe('a');
  });
});

test('a cell holds at most 32,767 characters, the text prefix aside', async () => {
  const model = workbook();
  const ctx = new SimContext(model);
  const cell = ctx.workbook.worksheets.getItem('Data').getRange('A1');
  cell.values = [[`'${'x'.repeat(32_767)}`]];
  await ctx.sync();
  expect(String(model.sheet('Data')!.value(0, 0))).toHaveLength(32_767);
  cell.values = [['x'.repeat(32_768)]];
  await expect(ctx.sync()).rejects.toMatchObject({ code: 'InvalidArgument' });
});

test("vertical alignment: set on every cell of the range, Excel's values only", async () => {
  const model = workbook();
  const ctx = new SimContext(model);
  const data = ctx.workbook.worksheets.getItem('Data');
  data.getRange('B3:C4').format.verticalAlignment = 'Top';
  await ctx.sync();
  const sheet = model.sheet('Data')!;
  expect([sheet.format(2, 1), sheet.format(3, 2)]).toEqual([
    { verticalAlignment: 'Top' },
    { verticalAlignment: 'Top' },
  ]);
  expect(sheet.format(1, 1).verticalAlignment).toBeUndefined();
  data.getRange('A1').format.verticalAlignment = 'top';
  await expect(ctx.sync()).rejects.toMatchObject({ code: 'InvalidArgument' });
  expect(sheet.format(0, 0).verticalAlignment).toBeUndefined();
});

test('a page header or footer holds 255 characters, its sections and their codes', async () => {
  const model = workbook();
  const ctx = new SimContext(model);
  const page = ctx.workbook.worksheets.getItem('Data').pageLayout.headersFooters.defaultForAllPages;
  page.leftFooter = 'x'.repeat(150);
  page.rightFooter = 'y'.repeat(101); // 2 + 150 + 2 + 101 = 255
  page.centerHeader = 'z'.repeat(200);
  await ctx.sync();
  expect(model.sheet('Data')!.page.headerFooter.rightFooter).toHaveLength(101);
  page.centerFooter = 'w';
  await expect(ctx.sync()).rejects.toMatchObject({ code: 'InvalidArgument' });
});

test('visibility, formulas and number formats load as Office.js gives them', async () => {
  const model = workbook();
  model.sheet('Data')!.setFormula(1, 2, '=0.5+0.5', 1);
  const ctx = new SimContext(model);
  const sheet = ctx.workbook.worksheets.getItem('My sheet');
  const range = ctx.workbook.worksheets.getItem('Data').getRange('B2:C3');
  ctx.workbook.worksheets.getItem('Data').getRange('B3:C3').numberFormat = [['@', '"6"']];
  sheet.visibility = 'Hidden';
  sheet.load('visibility');
  range.load('values,formulas');
  expect(() => sheet.visibility).toThrow(/not available/);
  await ctx.sync();
  expect(() => range.numberFormat).toThrow(/not available/);
  range.load('numberFormat');
  await ctx.sync();
  expect(sheet.visibility).toBe('Hidden');
  expect(range.values).toEqual([
    ['a', 1],
    ['b', 2],
  ]);
  expect(range.formulas).toEqual([
    ['a', '=0.5+0.5'],
    ['b', 2],
  ]);
  expect(range.numberFormat).toEqual([
    ['General', 'General'],
    ['@', '"6"'],
  ]);
  expect(model.sheet('My sheet')!.visibility).toBe('Hidden');
});

test("formulas give text typed with ' without it, as Office.js does", async () => {
  const model = workbook();
  const ctx = new SimContext(model);
  const cell = ctx.workbook.worksheets.getItem('Data').getRange('A1:B1');
  cell.values = [["'=2+3", '=2+3']];
  cell.load('values,formulas');
  await ctx.sync();
  expect(cell.values).toEqual([['=2+3', '']]);
  expect(cell.formulas).toEqual([['=2+3', '=2+3']]);
});

test('a workbook keeps one visible sheet; hiding the active sheet activates another', async () => {
  const model = workbook();
  model.active = 'Data';
  const ctx = new SimContext(model);
  ctx.workbook.worksheets.getItem('Data').visibility = 'VeryHidden';
  await ctx.sync();
  expect(model.sheet('Data')!.visibility).toBe('VeryHidden');
  expect(model.active).toBe('My sheet');
  ctx.workbook.worksheets.getItem('My sheet').visibility = 'Hidden';
  await expect(ctx.sync()).rejects.toMatchObject({ code: 'InvalidOperation' });
  expect(model.sheet('My sheet')!.visibility).toBe('Visible');
});

test('merge: the top-left value stays, covered cells read blank and take its format', async () => {
  const model = workbook();
  const ctx = new SimContext(model);
  const sheet = ctx.workbook.worksheets.getItem('Data');
  sheet.getRange('A5:D6').values = [
    ['first', '', '', ''],
    ['second', '', '', ''],
  ];
  sheet.getRange('A5:A6').format.wrapText = true;
  sheet.getRange('A5:D6').merge(true);
  const read = sheet.getRange('A5:D6');
  read.load('values');
  await ctx.sync();
  const data = model.sheet('Data')!;
  // Across: each row of the range is merged alone.
  expect(data.merges).toEqual([
    { r0: 4, c0: 0, r1: 4, c1: 3 },
    { r0: 5, c0: 0, r1: 5, c1: 3 },
  ]);
  expect(read.values).toEqual([
    ['first', '', '', ''],
    ['second', '', '', ''],
  ]);
  expect(data.format(4, 3)).toEqual({ wrapText: true });
  // A value given to a covered cell is refused; blank is fine.
  sheet.getRange('B5:C5').values = [['', '']];
  await ctx.sync();
  sheet.getRange('C5').values = [['x']];
  await expect(ctx.sync()).rejects.toMatchObject({ code: 'InvalidOperation' });
  expect(data.value(4, 2)).toBe('');
});

test('merge: refused over a value other than the top-left one, or over another merge', async () => {
  const model = workbook();
  const ctx = new SimContext(model);
  const sheet = ctx.workbook.worksheets.getItem('Data');
  // B2:C3 holds a, 1, b, 2: merging it would drop three values.
  sheet.getRange('B2:C3').merge();
  await expect(ctx.sync()).rejects.toThrow(/would drop the value of C2/);
  sheet.getRange('E1:F1').merge();
  await ctx.sync();
  sheet.getRange('F1:G1').merge();
  await expect(ctx.sync()).rejects.toThrow(/overlaps a merged area/);
  // One cell is left as it is.
  sheet.getRange('H1').merge();
  await ctx.sync();
  expect(model.sheet('Data')!.merges).toEqual([{ r0: 0, c0: 4, r1: 0, c1: 5 }]);
  expect(JSON.parse(model.snapshot()).sheets[0].merges).toEqual([{ r0: 0, c0: 4, r1: 0, c1: 5 }]);
});

test('row height: set on every row of the range, 0 to 409 points', async () => {
  const model = workbook();
  const ctx = new SimContext(model);
  const sheet = ctx.workbook.worksheets.getItem('Data');
  sheet.getRange('A2:A3').format.rowHeight = 30;
  await ctx.sync();
  expect([...model.sheet('Data')!.rowHeights]).toEqual([
    [1, 30],
    [2, 30],
  ]);
  sheet.getRange('A1').format.rowHeight = 410;
  await expect(ctx.sync()).rejects.toMatchObject({ code: 'InvalidArgument' });
});

test("DATE answers in the workbook's date system, as Excel's does", async () => {
  // Day numbers as Excel gives them: 1 January 1904 is day 1462 of the 1900 system and day 0
  // of the 1904 one; 1 June 2024 is 45444 and 43982.
  const cases: [number, number, number, number | null, number | null][] = [
    [1904, 1, 1, 1462, 0],
    [2024, 6, 1, 45444, 43982],
    [1900, 1, 1, 1, null],
    [1900, 3, 1, 61, null],
    [124, 6, 1, 45444, 43982], // a year below 1900 is 1900 + year
    [2024, 13, 1, 45658, 44196], // month 13 is January of the next year
    [10000, 1, 1, null, null],
  ];
  for (const date1904 of [false, true]) {
    const model = workbook();
    model.date1904 = date1904;
    const ctx = new SimContext(model);
    const results = cases.map(([y, m, d]) => ctx.workbook.functions.date(y, m, d).load('value'));
    expect(() => results[0].value).toThrow(/not available/);
    await ctx.sync();
    const expected = cases.map((c) => (date1904 ? c[4] : c[3]));
    expect([date1904, results.map((r) => r.value)]).toEqual([date1904, expected]);
  }
});
