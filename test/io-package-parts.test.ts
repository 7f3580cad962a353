import {
  addContentTypes,
  addRelationships,
  addSheetsToWorkbook,
  hasSheets,
  workbookNameFormula,
} from '../headless/workbook/package-parts';
import { resultsContent } from '../headless/workbook/layouts';
import { addSheetsToPackage } from '../headless/workbook/write';
import { applySplices, elementNamespace, removeAttr, scanXml } from '../headless/workbook/xml-scan';
import { handZip } from './helpers/hand-zip';
import { findAll, parseXml, wellFormedError } from './helpers/xml-tree';
import { parts } from './helpers/workbooks';

/** The edits of the workbook's index, relationships and content types when sheets are added. */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const OFFICE_DOC = `${REL}/officeDocument`;

const workbook = (sheets: string, after = '') =>
  `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${sheets}</sheets>${after}</workbook>`;

describe('addSheetsToWorkbook', () => {
  it('gives a new sheet an id above every id in use, not above the count of sheets', () => {
    const xml = addSheetsToWorkbook(
      workbook(
        '<sheet name="A" sheetId="1" r:id="rId1"/><sheet name="B" sheetId="7" r:id="rId2"/>',
      ),
      [{ name: 'Results', relId: 'rId9' }],
    );
    const ids = findAll(parseXml(xml), 'sheet').map((s) => s.attrs.sheetId);
    expect(ids).toEqual(['1', '7', '8']);
  });

  it("never gives an id past the schema's largest (4294967295): the smallest free ones then", () => {
    const xml = addSheetsToWorkbook(
      workbook(
        '<sheet name="A" sheetId="1" r:id="rId1"/><sheet name="B" sheetId="4294967295" r:id="rId2"/>' +
          '<sheet name="C" sheetId="3" r:id="rId3"/>',
      ),
      [
        { name: 'Results', relId: 'rId8' },
        { name: 'Log B1', relId: 'rId9' },
      ],
    );
    const ids = findAll(parseXml(xml), 'sheet').map((s) => s.attrs.sheetId);
    expect(ids).toEqual(['1', '4294967295', '3', '2', '4']);
  });

  it('escapes a sheet name and print titles that hold XML characters', () => {
    const xml = addSheetsToWorkbook(workbook('<sheet name="A" sheetId="1" r:id="rId1"/>'), [
      { name: 'Log R&D <1>', relId: 'rId5', printTitles: `'Log R&D <1>'!$7:$7` },
    ]);
    const tree = parseXml(xml);
    expect(findAll(tree, 'sheet')[1].attrs.name).toBe('Log R&D <1>');
    expect(findAll(tree, 'definedName')[0].text).toBe(`'Log R&D <1>'!$7:$7`);
  });

  it('adds print titles to the existing defined names: one definedNames element', () => {
    const xml = addSheetsToWorkbook(
      workbook(
        '<sheet name="A" sheetId="1" r:id="rId1"/>',
        '<definedNames><definedName name="Mine">A!$A$1</definedName></definedNames>',
      ),
      [{ name: 'Results', relId: 'rId5', printTitles: `'Results'!$1:$1` }],
    );
    const tree = parseXml(xml);
    expect(findAll(tree, 'definedNames')).toHaveLength(1);
    expect(findAll(tree, 'definedName').map((d) => d.attrs.name)).toEqual([
      'Mine',
      '_xlnm.Print_Titles',
    ]);
  });

  // The schema's order (ECMA-376 part 1, 18.2.27): sheets, functionGroups, externalReferences,
  // definedNames, calcPr, ...
  // `<definedNames/>` is valid (definedName minOccurs 0) and a workbook holds at most one
  // definedNames: a second one makes Excel repair the workbook.
  it('adds print titles into an empty definedNames element, not a second one', () => {
    const xml = addSheetsToWorkbook(
      workbook('<sheet name="A" sheetId="1" r:id="rId1"/>', '<definedNames/><calcPr calcId="1"/>'),
      [{ name: 'Results', relId: 'rId2', printTitles: "'Results'!$1:$1" }],
    );
    const names = findAll(parseXml(xml), 'definedNames');
    expect(names).toHaveLength(1);
    expect(names[0].children.map((d) => d.text)).toEqual(["'Results'!$1:$1"]);
  });

  it('puts new defined names after the external references, as the schema orders them', () => {
    const xml = addSheetsToWorkbook(
      workbook(
        '<sheet name="A" sheetId="1" r:id="rId1"/>',
        '<externalReferences><externalReference r:id="rId3"/></externalReferences><calcPr calcId="191029"/>',
      ),
      [{ name: 'Results', relId: 'rId5', printTitles: `'Results'!$1:$1` }],
    );
    expect(parseXml(xml).children.map((c) => c.name)).toEqual([
      'sheets',
      'externalReferences',
      'definedNames',
      'calcPr',
    ]);
  });

  it('writes the relationship id with the prefix the workbook binds to relationships', () => {
    const xml = addSheetsToWorkbook(
      `<workbook xmlns="${MAIN}" xmlns:rel="${REL}"><sheets><sheet name="A" sheetId="1" rel:id="rId1"/></sheets></workbook>`,
      [{ name: 'Results', relId: 'rId5' }],
    );
    const sheet = findAll(parseXml(xml, false), 'sheet')[1];
    expect(sheet.attrs['rel:id']).toBe('rId5');
  });

  it('keeps the prefix of a workbook that prefixes every element', () => {
    const xml = addSheetsToWorkbook(
      `<x:workbook xmlns:x="${MAIN}" xmlns:r="${REL}"><x:sheets><x:sheet name="A" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>`,
      [{ name: 'Results', relId: 'rId5', printTitles: `'Results'!$1:$1` }],
    );
    const tree = parseXml(xml);
    expect(findAll(tree, 'sheet').map((s) => s.name)).toEqual(['x:sheet', 'x:sheet']);
    expect(findAll(tree, 'definedNames').map((s) => s.name)).toEqual(['x:definedNames']);
  });
});

describe('addSheetsToWorkbook: the workbook-level names a writer sets', () => {
  const A = '<sheet name="A" sheetId="1" r:id="rId1"/>';
  const ORDERS = { name: '_Praetor_TurnOrders', formula: '"abc"', hidden: true };
  const results = [{ name: 'Results', relId: 'rId5', printTitles: "'Results'!$1:$1" }];

  it('adds a name, hidden, into a definedNames made in its schema place', () => {
    const xml = addSheetsToWorkbook(workbook(A, '<calcPr calcId="1"/>'), [], undefined, [ORDERS]);
    const tree = parseXml(xml);
    expect(tree.children.map((c) => c.name)).toEqual(['sheets', 'definedNames', 'calcPr']);
    const [name] = findAll(tree, 'definedName');
    expect([name.attrs, name.text]).toEqual([
      { name: '_Praetor_TurnOrders', hidden: '1' },
      '"abc"',
    ]);
    expect(workbookNameFormula(xml, '_praetor_turnorders')).toBe('"abc"');
    expect(hasSheets(scanXml(xml), [], xml, [ORDERS])).toBe(true);
  });

  it('replaces the name where it is (in any case, every copy), beside the print titles', () => {
    const before = workbook(
      A,
      '<definedNames><definedName name="Mine">A!$A$1</definedName>' +
        '<definedName name="_PRAETOR_TurnOrders">&quot;old&quot;</definedName>' +
        '<definedName name="_Praetor_TurnOrders" localSheetId="0">"sheet-level: kept"</definedName>' +
        '<definedName name="_praetor_turnorders" hidden="1">"twice"</definedName></definedNames>',
    );
    expect(workbookNameFormula(before, '_Praetor_TurnOrders')).toBe('"old"');
    const xml = addSheetsToWorkbook(before, results, undefined, [ORDERS]);
    const names = findAll(parseXml(xml), 'definedName').map((d) => [d.attrs.name, d.text]);
    expect(names).toEqual([
      ['Mine', 'A!$A$1'],
      ['_Praetor_TurnOrders', '"abc"'],
      ['_Praetor_TurnOrders', '"sheet-level: kept"'],
      ['_xlnm.Print_Titles', "'Results'!$1:$1"],
    ]);
    expect(hasSheets(scanXml(xml), results, xml, [ORDERS])).toBe(true);
    // Set again: still once.
    const again = addSheetsToWorkbook(xml, [], undefined, [{ ...ORDERS, formula: '"new"' }]);
    expect(findAll(parseXml(again), 'definedName').map((d) => d.text)).toEqual([
      'A!$A$1',
      '"new"',
      '"sheet-level: kept"',
      "'Results'!$1:$1",
    ]);
  });

  it('opens an empty definedNames, and keeps the prefix of a prefixed workbook', () => {
    const xml = addSheetsToWorkbook(
      `<x:workbook xmlns:x="${MAIN}" xmlns:r="${REL}"><x:sheets>${A.replace('<sheet', '<x:sheet')}</x:sheets><x:definedNames/></x:workbook>`,
      [],
      undefined,
      [ORDERS],
    );
    const tree = parseXml(xml);
    expect(findAll(tree, 'definedNames').map((d) => d.name)).toEqual(['x:definedNames']);
    expect(findAll(tree, 'definedName').map((d) => [d.name, d.text])).toEqual([
      ['x:definedName', '"abc"'],
    ]);
  });

  it('reads no name from a comment, and none that holds anything but text', () => {
    const commented = workbook(
      A,
      `<!-- <definedNames><definedName name="_Praetor_TurnOrders">"x"</definedName></definedNames> -->`,
    );
    expect(workbookNameFormula(commented, '_Praetor_TurnOrders')).toBeUndefined();
    const cdata = workbook(
      A,
      '<definedNames><definedName name="_Praetor_TurnOrders"><![CDATA["x"]]></definedName></definedNames>',
    );
    expect(workbookNameFormula(cdata, '_Praetor_TurnOrders')).toBe('');
  });

  it('is checked: a name set twice, or not as asked, does not hold', () => {
    const xml = workbook(
      A,
      '<definedNames><definedName name="_Praetor_TurnOrders" hidden="1">"abc"</definedName>' +
        '<definedName name="_Praetor_TurnOrders" hidden="1">"abc"</definedName></definedNames>',
    );
    expect(hasSheets(scanXml(xml), [], xml, [ORDERS])).toBe(false);
    const shown = workbook(
      A,
      '<definedNames><definedName name="_Praetor_TurnOrders">"abc"</definedName></definedNames>',
    );
    expect(hasSheets(scanXml(shown), [], shown, [ORDERS])).toBe(false);
  });
});

describe('addSheetsToWorkbook on unusual but valid XML', () => {
  const A = '<sheet name="A" sheetId="1" r:id="rId1"/>';

  it('reads an end tag written with a space before its ">": `</sheets >`', () => {
    const xml = addSheetsToWorkbook(workbook(A).replace('</sheets>', '</sheets\n>'), [
      { name: 'Results', relId: 'rId5' },
    ]);
    expect(findAll(parseXml(xml), 'sheet').map((s) => s.attrs.name)).toEqual(['A', 'Results']);
  });

  it.each([
    ['a comment', '<!-- </sheets> -->'],
    ['a CDATA section', '<![CDATA[ </sheets> ]]>'],
    ['a processing instruction', '<?pi </sheets>?>'],
  ])('never writes into %s that holds `</sheets>`', (_, trap) => {
    const xml = addSheetsToWorkbook(workbook(A + trap), [{ name: 'Results', relId: 'rId5' }]);
    expect(xml).toContain(trap);
    expect(findAll(parseXml(xml), 'sheet').map((s) => s.attrs.name)).toEqual(['A', 'Results']);
  });

  it('counts no commented-out sheet: the print titles name their own sheet', () => {
    const xml = addSheetsToWorkbook(
      workbook(`<!-- <sheet name="Old" sheetId="9" r:id="rId9"/> -->${A}`),
      [{ name: 'Results', relId: 'rId5', printTitles: "'Results'!$1:$1" }],
    );
    const tree = parseXml(xml);
    expect(findAll(tree, 'sheet').map((s) => s.attrs.sheetId)).toEqual(['1', '2']);
    expect(findAll(tree, 'definedName')[0].attrs.localSheetId).toBe('1');
  });

  it('reads a sheet whose name holds ">" and attributes in single quotes', () => {
    const xml = addSheetsToWorkbook(
      workbook(`<sheet name='a>b' sheetId='4' r:id='rId1'/>`, `<definedNames/>`),
      [{ name: 'Results', relId: 'rId5', printTitles: "'Results'!$1:$1" }],
    );
    const tree = parseXml(xml);
    expect(findAll(tree, 'sheet').map((s) => s.attrs.sheetId)).toEqual(['4', '5']);
    expect(findAll(tree, 'definedNames')).toHaveLength(1);
  });

  it('refuses a workbook with no sheet index', () => {
    expect(() =>
      addSheetsToWorkbook(`<workbook xmlns="${MAIN}"><!-- <sheets></sheets> --></workbook>`, [
        { name: 'Results', relId: 'rId5' },
      ]),
    ).toThrow("the workbook's sheet index is not as expected");
  });
});

describe('addRelationships and addContentTypes', () => {
  it('opens a relationships part that is one empty element', () => {
    const xml = addRelationships(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
      [{ id: 'rId1', type: `${REL}/worksheet`, target: 'worksheets/sheet1.xml' }],
    );
    expect(findAll(parseXml(xml), 'Relationship').map((r) => r.attrs.Id)).toEqual(['rId1']);
  });

  it('adds overrides in the prefix the content types part uses', () => {
    const xml = addContentTypes(
      '<t:Types xmlns:t="http://schemas.openxmlformats.org/package/2006/content-types"></t:Types>',
      [{ partName: '/xl/worksheets/sheet2.xml', type: 'text/xml' }],
    );
    expect(findAll(parseXml(xml), 'Override').map((o) => o.name)).toEqual(['t:Override']);
  });

  it('adds to the part, not to a comment holding `</Relationships>` or `<Relationships/>`', () => {
    const xml = addRelationships(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<!-- </Relationships> <Relationships/> -->' +
        rel('rId1', 'worksheet', 'worksheets/sheet1.xml') +
        '</Relationships >',
      [{ id: 'rId2', type: `${REL}/worksheet`, target: 'worksheets/sheet2.xml' }],
    );
    expect(findAll(parseXml(xml), 'Relationship').map((r) => r.attrs.Id)).toEqual(['rId1', 'rId2']);
  });

  it('adds overrides to the part, not to a comment holding `</Types>`', () => {
    const xml = addContentTypes(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><!-- </Types> --></Types>',
      [{ partName: '/xl/worksheets/sheet2.xml', type: 'text/xml' }],
    );
    expect(findAll(parseXml(xml), 'Override').map((o) => o.attrs.PartName)).toEqual([
      '/xl/worksheets/sheet2.xml',
    ]);
  });
});

/** A workbook package made by hand: its sheets, relationships and extra parts as given. */
function workbookPackage(options: {
  rels: string;
  extra?: { name: string; data: string }[];
  /** What the content types part holds besides. */
  types?: string;
  workbook?: string;
}): Buffer {
  return handZip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">${options.types ?? ''}</Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        `<Relationships><Relationship Id="rId1" Type="${OFFICE_DOC}" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(options.workbook ?? workbook('<sheet name="A" sheetId="1" r:id="rId1"/>')),
    },
    { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(options.rels) },
    ...(options.extra ?? []).map((p) => ({ name: p.name, data: Buffer.from(p.data) })),
  ]);
}

const rel = (id: string, type: string, target: string) =>
  `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`;
const SHEET = '<worksheet><sheetData/></worksheet>';
const STYLES = `<styleSheet xmlns="${MAIN}"></styleSheet>`;

const sheetsOf = (n: number) =>
  Array.from({ length: n }, (_, i) => resultsContent(`New ${i + 1}`, [['Battle']], 'turn.xlsx'));

describe('addSheetsToPackage, on packages laid out otherwise than Excel lays them', () => {
  it('gives every new relationship an id not yet taken, whatever ids are', async () => {
    const input = workbookPackage({
      rels:
        '<Relationships>' +
        rel('rId1', 'worksheet', 'worksheets/sheet1.xml') +
        rel('rId4', 'styles', 'styles.xml') +
        rel('rId5', 'theme', 'theme/theme1.xml') +
        '</Relationships>',
      extra: [
        { name: 'xl/worksheets/sheet1.xml', data: SHEET },
        { name: 'xl/styles.xml', data: STYLES },
        { name: 'xl/theme/theme1.xml', data: '<theme/>' },
      ],
    });
    const out = await parts(await addSheetsToPackage(input, sheetsOf(3)));
    const ids = findAll(
      parseXml(out.get('xl/_rels/workbook.xml.rels')!.toString()),
      'Relationship',
    ).map((r) => r.attrs.Id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });

  it('names new sheet parts apart from existing ones, whatever their case', async () => {
    const input = workbookPackage({
      rels:
        '<Relationships>' +
        rel('rId1', 'worksheet', 'worksheets/Sheet1.xml') +
        rel('rId2', 'styles', 'styles.xml') +
        '</Relationships>',
      extra: [
        { name: 'xl/worksheets/Sheet1.xml', data: SHEET },
        { name: 'xl/styles.xml', data: STYLES },
      ],
    });
    const names = [...(await parts(await addSheetsToPackage(input, sheetsOf(2)))).keys()];
    const lower = names.map((n) => n.toLowerCase());
    expect(new Set(lower).size).toBe(names.length);
    expect(names.filter((n) => n.startsWith('xl/worksheets/'))).toHaveLength(3);
  });

  it('adds a styles part, with its relationship and content type, to a workbook without one', async () => {
    const input = workbookPackage({
      rels:
        '<Relationships>' + rel('rId1', 'worksheet', 'worksheets/sheet1.xml') + '</Relationships>',
      extra: [{ name: 'xl/worksheets/sheet1.xml', data: SHEET }],
    });
    const out = await parts(await addSheetsToPackage(input, sheetsOf(1)));
    expect(out.has('xl/styles.xml')).toBe(true);
    const overrides = findAll(parseXml(out.get('[Content_Types].xml')!.toString()), 'Override');
    expect(overrides.map((o) => o.attrs.PartName)).toContain('/xl/styles.xml');
    const rels = findAll(
      parseXml(out.get('xl/_rels/workbook.xml.rels')!.toString()),
      'Relationship',
    );
    expect(rels.find((r) => r.attrs.Type === `${REL}/styles`)?.attrs.Target).toBe('styles.xml');
  });

  it('edits the styles part a relationship names by an absolute path', async () => {
    const input = workbookPackage({
      rels:
        '<Relationships>' +
        rel('rId1', 'worksheet', 'worksheets/sheet1.xml') +
        rel('rId2', 'styles', '/xl/custom/looks.xml') +
        '</Relationships>',
      extra: [
        { name: 'xl/worksheets/sheet1.xml', data: SHEET },
        { name: 'xl/custom/looks.xml', data: STYLES },
      ],
    });
    const before = await parts(input);
    const out = await parts(await addSheetsToPackage(input, sheetsOf(1)));
    expect(out.size).toBe(before.size + 1);
    expect(out.get('xl/custom/looks.xml')!.toString()).toContain('quotePrefix="1"');
  });
});

describe('addSheetsToPackage: no part replaced, listed twice, or written broken', () => {
  const RELS = '<Relationships>' + rel('rId1', 'worksheet', 'worksheets/sheet1.xml');
  const styledRels = RELS + rel('rId2', 'styles', 'styles.xml') + '</Relationships>';
  const override = (part: string, type = 'application/xml') =>
    `<Override PartName="${part}" ContentType="${type}"/>`;
  const overrides = (out: Map<string, Buffer>) =>
    findAll(parseXml(out.get('[Content_Types].xml')!.toString()), 'Override').map(
      (o) => o.attrs.PartName,
    );

  it('keeps a styles part that no relationship names, and adds one under a free name', async () => {
    const input = workbookPackage({
      rels: RELS + '</Relationships>',
      types: override('/xl/styles.xml') + override('/xl/styles2.xml'),
      extra: [
        { name: 'xl/worksheets/sheet1.xml', data: SHEET },
        { name: 'xl/styles.xml', data: STYLES },
      ],
    });
    const out = await parts(await addSheetsToPackage(input, sheetsOf(1)));
    expect(out.get('xl/styles.xml')!.toString()).toBe(STYLES);
    const rels = findAll(
      parseXml(out.get('xl/_rels/workbook.xml.rels')!.toString()),
      'Relationship',
    );
    expect(rels.find((r) => r.attrs.Type === `${REL}/styles`)?.attrs.Target).toBe('styles3.xml');
    expect(out.get('xl/styles3.xml')!.toString()).toContain('quotePrefix="1"');
    const listed = overrides(out);
    expect(listed.length).toBe(new Set(listed).size);
  });

  it('names a new sheet part apart from the parts the content types list but the package lacks', async () => {
    const input = workbookPackage({
      rels: styledRels,
      types: override('/XL/worksheets/sheet2.xml'),
      extra: [
        { name: 'xl/worksheets/sheet1.xml', data: SHEET },
        { name: 'xl/styles.xml', data: STYLES },
      ],
    });
    const out = await parts(await addSheetsToPackage(input, sheetsOf(1)));
    expect(out.has('xl/worksheets/sheet3.xml')).toBe(true);
    expect(out.has('xl/worksheets/sheet2.xml')).toBe(false);
    const listed = overrides(out).map((n) => n.toLowerCase());
    expect(listed.length).toBe(new Set(listed).size);
  });

  it('refuses a content types part that is not well-formed XML, naming it', async () => {
    const input = workbookPackage({
      rels: styledRels,
      types: '<Default Extension="xml" ContentType="a&b"/>',
      extra: [
        { name: 'xl/worksheets/sheet1.xml', data: SHEET },
        { name: 'xl/styles.xml', data: STYLES },
      ],
    });
    await expect(addSheetsToPackage(input, sheetsOf(1))).rejects.toThrow(
      'the file is damaged: its part [Content_Types].xml is not well-formed XML (line 1: a "&" that starts no entity (write "&amp;"))',
    );
  });

  it('refuses a styles part whose elements are prefixed: exceljs would not read its styles back', async () => {
    const input = workbookPackage({
      rels: styledRels,
      extra: [
        { name: 'xl/worksheets/sheet1.xml', data: SHEET },
        { name: 'xl/styles.xml', data: `<x:styleSheet xmlns:x="${MAIN}"/>` },
      ],
    });
    await expect(addSheetsToPackage(input, sheetsOf(1))).rejects.toThrow(
      'its styles part (xl/styles.xml) is written in a way Praetor cannot extend safely; save the workbook again in Excel',
    );
  });

  // The safety net: a workbook holds one definedNames, and the print titles go to the first.
  it('refuses a sheet index the edits cannot extend as they should, rather than write it', async () => {
    const input = workbookPackage({
      rels: styledRels,
      workbook: workbook(
        '<sheet name="A" sheetId="1" r:id="rId1"/>',
        '<definedNames/><definedNames/>',
      ),
      extra: [
        { name: 'xl/worksheets/sheet1.xml', data: SHEET },
        { name: 'xl/styles.xml', data: STYLES },
      ],
    });
    await expect(addSheetsToPackage(input, sheetsOf(1))).rejects.toThrow(
      'its sheet index part (xl/workbook.xml) is written in a way Praetor cannot extend safely',
    );
  });
});

describe('scanXml', () => {
  const WELL_FORMED = [
    '\ufeff<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<a/>',
    `<?xml version='1.0'?><a x='1' y = "2>3" z="&amp;&#60;&#x3e;"></a >`,
    '<!-- c --><?pi x?><a><![CDATA[<b></a>]]><!----><?pi </a>?>text &gt; ]] ></a><!-- after -->',
    '<x:a xmlns:x="urn:x" xmlns:r="urn:r"><x:b r:id="1"/><c xmlns:q="urn:q" q:c="2"/></x:a\n>',
    '<a xml:space="preserve">\u00e9\ud83d\ude00<b.c-d_e\u00b7/></a>',
  ];
  const ILL_FORMED = [
    '',
    'text',
    '<a>',
    '<a></b>',
    '<a/><b/>',
    '<a/>text',
    '<a x="1" x="2"/>',
    '<a x="1"y="2"/>',
    '<a x="<"/>',
    '<a x=1/>',
    '<a>&</a>',
    '<a>&nbsp;</a>',
    '<a>&#0;</a>',
    '<a>]]></a>',
    '<a>\u0001</a>',
    '<a>\ud800</a>',
    '<a><!-- -- --></a>',
    '<a><!-- x ---></a>',
    '<a><!-- never closed </a>',
    '<![CDATA[x]]><a/>',
    '<a><?xml version="1.0"?></a>',
    ' <?xml version="1.0"?><a/>',
    '<?xml version="2"?><a/>',
    '<x:a/>',
    '<a r:id="1"/>',
    '<a xmlns:x=""/>',
    '<1a/>',
    '<a:b:c xmlns:a="urn:a"/>',
    '<a><b></a></b>',
    '<a>< b/></a>',
  ];

  it.each(WELL_FORMED)('accepts what saxes accepts: %j', (xml) => {
    expect(wellFormedError(xml)).toBeNull();
    expect(() => scanXml(xml)).not.toThrow();
  });

  it.each(ILL_FORMED)('refuses what saxes refuses: %j', (xml) => {
    expect(wellFormedError(xml)).not.toBeNull();
    expect(() => scanXml(xml)).toThrow(/^line \d+: /);
  });

  it('gives each element with where its tags are, comments and CDATA skipped', () => {
    const xml = "<a><!-- <b/> --><b x='1'>t</b ><![CDATA[<c/>]]><c/></a>";
    const root = scanXml(xml);
    expect(root.children.map((c) => c.name)).toEqual(['b', 'c']);
    const [b, c] = root.children;
    expect(xml.slice(b.start, b.startEnd)).toBe("<b x='1'>");
    expect(xml.slice(b.endStart, b.end)).toBe('</b >');
    expect(xml.slice(b.attrs[0].valueStart, b.attrs[0].valueEnd)).toBe('1');
    expect([c.selfClosing, c.startEnd, c.end]).toEqual([true, c.end, c.end]);
  });

  // The Open Packaging Conventions forbid DTD declarations in a package's XML; saxes takes this one.
  it('refuses a DOCTYPE declaration, which no part of an Office package may hold', () => {
    expect(() => scanXml('<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>')).toThrow(
      'line 1: a DOCTYPE declaration, which an Office package may not hold',
    );
  });

  it('names the line of the fault', () => {
    expect(() => scanXml('<a>\n\n<b></c></a>')).toThrow('line 3: </c> closes <b>');
  });

  it('leaves out the elements keep refuses, with all they hold, still checking them', () => {
    const asked: string[] = [];
    const root = scanXml('<a><b><c/></b><d><e/></d></a>', (el) => {
      asked.push(el.name);
      return el.name !== 'b';
    });
    expect(asked).toEqual(['b', 'd', 'e']);
    expect(root.children.map((c) => c.name)).toEqual(['d']);
    expect(root.children[0].children.map((c) => c.name)).toEqual(['e']);
    expect(() => scanXml('<a><b><c></b></a>', () => false)).toThrow('line 1: </b> closes <c>');
  });

  it('gives the namespace of an element, prefixed or in the default namespace', () => {
    const root = scanXml('<a xmlns="urn:a" xmlns:x="urn:x"><x:b/><c/><d xmlns=""/></a>');
    expect([root, ...root.children].map(elementNamespace)).toEqual([
      'urn:a',
      'urn:x',
      'urn:a',
      undefined,
    ]);
  });

  it('removes an attribute with the spaces before it', () => {
    const xml = "<a x='1'\n  y = \"2\" z='3'/>";
    expect(applySplices(xml, [removeAttr(xml, scanXml(xml).attrs[1])])).toBe("<a x='1' z='3'/>");
  });
});
