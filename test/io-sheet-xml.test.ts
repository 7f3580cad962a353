import { unescapeCellText } from '../headless/workbook/inline-escapes';
import { printTitlesRef, SheetContent, worksheetXml } from '../headless/workbook/sheet-xml';
import { keepSpaces, xmlAttr, xmlText } from '../headless/workbook/xml';
import { logContent } from '../headless/workbook/layouts';
import { logSheet } from '../src/log-sheet';
import {
  MAX_LINES,
  numberColumns,
  MAX_ROW_HEIGHT,
  rowHeight,
  TITLE_LINE_HEIGHT,
  wrappedLines,
} from '../src/sheet-layout';
import { fow } from './fow-helpers';
import { findAll, parseXml, XmlNode } from './helpers/xml-tree';

/** A worksheet part written by hand: checked by a conforming XML parser, cell by cell. */

const STYLES = {
  title: 11,
  header: 12,
  quoted: 13,
  wrapped: 14,
  wrappedQuoted: 15,
  centered: 16,
  top: 17,
  topQuoted: 18,
  topCentered: 19,
};

function sheet(rows: SheetContent['rows'], more: Partial<SheetContent> = {}): XmlNode {
  return parseXml(
    worksheetXml(
      {
        name: 'S',
        rows,
        widths: [],
        frozenRows: 0,
        printTitleRow: 0,
        pageHeader: {},
        pageFooter: {},
        ...more,
      },
      STYLES,
    ),
  );
}

/** The cells of a worksheet, by address: style, type and text (inline string or value). */
function cells(tree: XmlNode): Record<string, { s?: string; t?: string; text: string }> {
  const out: Record<string, { s?: string; t?: string; text: string }> = {};
  for (const c of findAll(tree, 'c')) {
    const text = findAll(c, 't')[0]?.text ?? findAll(c, 'v')[0]?.text ?? '';
    out[c.attrs.r] = {
      ...(c.attrs.s ? { s: c.attrs.s } : {}),
      ...(c.attrs.t ? { t: c.attrs.t } : {}),
      text,
    };
  }
  return out;
}

describe('worksheetXml', () => {
  it('gives the dimension of every row and cell written, even past the column widths', () => {
    const tree = sheet([{ cells: ['a'] }, { cells: ['b', 'c', 'd'] }], { widths: [5] });
    expect(findAll(tree, 'dimension')[0].attrs.ref).toBe('A1:C2');
  });

  it('freezes the rows above the pane, and no pane when none are frozen', () => {
    const frozen = sheet([{ cells: ['a'] }], { frozenRows: 3 });
    expect(findAll(frozen, 'pane')[0].attrs).toMatchObject({
      ySplit: '3',
      topLeftCell: 'A4',
      state: 'frozen',
    });
    expect(findAll(frozen, 'selection')[0].attrs.activeCell).toBe('A4');
    expect(findAll(sheet([{ cells: ['a'] }]), 'pane')).toHaveLength(0);
  });

  // ECMA-376 part 1, 18.3.1.13: col ranges must not overlap.
  it('writes one column range per width, none overlapping', () => {
    const cols = findAll(sheet([{ cells: ['a'] }], { widths: [10, 20, 30] }), 'col');
    expect(cols.map((c) => [c.attrs.min, c.attrs.max])).toEqual([
      ['1', '1'],
      ['2', '2'],
      ['3', '3'],
    ]);
  });

  it('styles the header and title rows, blank cells of a header included', () => {
    const tree = sheet([
      { cells: ['Title'], kind: 'title' },
      { cells: ['A', '', 'C'], kind: 'header' },
      { cells: ['x', ''], kind: 'body' },
    ]);
    expect(cells(tree)).toEqual({
      A1: { s: '11', t: 'inlineStr', text: 'Title' },
      A2: { s: '12', t: 'inlineStr', text: 'A' },
      B2: { s: '12', text: '' },
      C2: { s: '12', t: 'inlineStr', text: 'C' },
      A3: { t: 'inlineStr', text: 'x' },
    });
  });

  it('wraps the body cells of the wrapped columns, formula-like text kept as text', () => {
    const tree = sheet(
      [
        { cells: ['Battle', 'Error'], kind: 'header' },
        { cells: ['B1', 'a long error'], kind: 'body' },
        { cells: ['B2', '=looks like a formula', 3], kind: 'body' },
      ],
      { wrapped: [1, 2] },
    );
    expect(cells(tree)).toEqual({
      A1: { s: '12', t: 'inlineStr', text: 'Battle' },
      B1: { s: '12', t: 'inlineStr', text: 'Error' },
      A2: { t: 'inlineStr', text: 'B1' },
      B2: { s: '14', t: 'inlineStr', text: 'a long error' },
      A3: { t: 'inlineStr', text: 'B2' },
      B3: { s: '15', t: 'inlineStr', text: '=looks like a formula' },
      C3: { s: '14', text: '3' },
    });
  });

  it('centers the numbers of the centered columns, in body rows only', () => {
    const tree = sheet(
      [
        { cells: ['Roll', 'Lost'], kind: 'header' },
        { cells: [4, 'CAV#2'], kind: 'body' },
        { cells: ['', '=x', 5], kind: 'body' },
      ],
      { centered: [0, 1] },
    );
    expect(cells(tree)).toEqual({
      A1: { s: '12', t: 'inlineStr', text: 'Roll' },
      B1: { s: '12', t: 'inlineStr', text: 'Lost' },
      A2: { s: '16', text: '4' },
      B2: { t: 'inlineStr', text: 'CAV#2' },
      B3: { s: '13', t: 'inlineStr', text: '=x' },
      C3: { text: '5' },
    });
  });

  it('aligns every body cell of a top sheet to the top, each keeping its other look', () => {
    const rows: SheetContent['rows'] = [
      { cells: ['Title'], kind: 'title' },
      { cells: ['Battle', 'Rounds', 'Error'], kind: 'header' },
      { cells: ['B1', 3, 'a long error'], kind: 'body' },
      { cells: ['=2+3', '', '=looks like a formula', true], kind: 'body' },
      { cells: ['note'] },
    ];
    const more = { wrapped: [2], centered: [1], widths: [10, 8, 5] };
    expect(cells(sheet(rows, { ...more, top: true }))).toEqual({
      A1: { s: '11', t: 'inlineStr', text: 'Title' },
      A2: { s: '12', t: 'inlineStr', text: 'Battle' },
      B2: { s: '12', t: 'inlineStr', text: 'Rounds' },
      C2: { s: '12', t: 'inlineStr', text: 'Error' },
      A3: { s: '17', t: 'inlineStr', text: 'B1' },
      B3: { s: '19', text: '3' },
      C3: { s: '14', t: 'inlineStr', text: 'a long error' },
      A4: { s: '18', t: 'inlineStr', text: '=2+3' },
      C4: { s: '15', t: 'inlineStr', text: '=looks like a formula' },
      D4: { s: '17', t: 'b', text: '1' },
      A5: { s: '17', t: 'inlineStr', text: 'note' },
    });
    // A sheet that does not ask keeps Excel's alignment on its plain, quoted and centered cells.
    expect(cells(sheet(rows, more))).toMatchObject({
      A3: { t: 'inlineStr', text: 'B1' },
      B3: { s: '16', text: '3' },
      A4: { s: '13', t: 'inlineStr', text: '=2+3' },
      D4: { t: 'b', text: '1' },
    });
    expect(cells(sheet(rows, more)).A3.s).toBeUndefined();
  });

  it('makes a row as tall as its wrapped text, counted at the column width', () => {
    const tree = sheet(
      [
        { cells: ['Battle', 'Commitment'], kind: 'header' },
        { cells: ['B1', 'f'.repeat(64)], kind: 'body' },
        { cells: ['B2', 'short'], kind: 'body' },
        { cells: ['B3', 'a b '.repeat(60)], kind: 'body' },
      ],
      { widths: [10, 33], wrapped: [1] },
    );
    const rows = findAll(tree, 'row').map((r) => [r.attrs.ht, r.attrs.customHeight]);
    expect(rows).toEqual([
      [undefined, undefined],
      ['30', '1'],
      [undefined, undefined],
      ['120', '1'],
    ]);
  });

  it('spans a row across its columns: merged, wrapped from the top, as tall as its lines', () => {
    // 30 words of 4 letters: at the 60 characters of 10 + 20 + 30, a line holds 12 of them
    // (12 x 4 + 11 spaces = 59; a 13th makes 64), so 12, 12 and 6: 3 lines of 15 points.
    const long = Array.from({ length: 30 }, () => 'abcd').join(' ');
    const tree = sheet(
      [
        { cells: ['Battle X'], kind: 'title', span: 3 },
        { cells: [long], kind: 'body', span: 3 },
        { cells: ['=looks like a formula'], kind: 'body', span: 3 },
        { cells: [], kind: 'body' },
        { cells: ['Round', 'Side', 'Unit'], kind: 'header' },
        { cells: [1, 'attacker', long], kind: 'body' },
      ],
      { widths: [10, 20, 30], centered: [0] },
    );
    expect(findAll(tree, 'mergeCell').map((m) => m.attrs.ref)).toEqual(['A1:C1', 'A2:C2', 'A3:C3']);
    expect(findAll(tree, 'mergeCells')[0].attrs.count).toBe('3');
    // A line that fits is merged too (one rule for every line), and keeps Excel's height; the
    // title's row is always given the height of its larger font's line, as the pane gives it.
    const rows = findAll(tree, 'row').map((r) => [r.attrs.r, r.attrs.ht, r.attrs.customHeight]);
    expect(rows).toEqual([
      ['1', '17.25', '1'],
      ['2', '45', '1'],
      ['3', undefined, undefined],
      ['4', undefined, undefined],
      ['5', undefined, undefined],
      // A shot's cells are neither merged nor wrapped, however long.
      ['6', undefined, undefined],
    ]);
    expect(cells(tree)).toMatchObject({
      A1: { s: '11', text: 'Battle X' },
      A2: { s: '14', text: long },
      A3: { s: '15', text: '=looks like a formula' },
      A6: { s: '16', text: '1' },
      C6: { t: 'inlineStr', text: long },
    });
    expect(cells(tree).C6.s).toBeUndefined();
  });

  // ECMA-376 part 1, 18.3.1.99 (CT_Worksheet): mergeCells comes after sheetData (and its
  // protection, filter and view elements), before phoneticPr, the formatting and the page.
  it('writes the merges after sheetData and before the print and page elements', () => {
    const tree = sheet([{ cells: ['a b c'], span: 2 }], { widths: [1, 1] });
    expect(tree.children.map((c) => c.name)).toEqual([
      'sheetPr',
      'dimension',
      'sheetViews',
      'sheetFormatPr',
      'cols',
      'sheetData',
      'mergeCells',
      'printOptions',
      'pageMargins',
      'pageSetup',
      'headerFooter',
    ]);
    // Within one column, nothing is merged: no mergeCells at all.
    const one = sheet([{ cells: ['a b c'], span: 1 }], { widths: [1] });
    expect(findAll(one, 'mergeCells')).toEqual([]);
    expect(findAll(one, 'row')[0].attrs.ht).toBe('45');
  });

  it("gives a log's title row the pane's height: 17.25 points a line of its 13-point font", () => {
    // 10 + 20 + 30 = 60 characters a line: 1, 2 and (at most) 27 lines, the last cut at 409.
    const titles = ['Battle X', 'word '.repeat(20).trim(), 'word '.repeat(400).trim()];
    const heights = titles.map((title) => {
      const tree = sheet([{ cells: [title], kind: 'title', span: 3 }], { widths: [10, 20, 30] });
      const [row] = findAll(tree, 'row');
      return [row.attrs.ht, row.attrs.customHeight];
    });
    expect(heights).toEqual([
      ['17.25', '1'],
      ['34.5', '1'],
      ['409', '1'],
    ]);
    expect(rowHeight(2, TITLE_LINE_HEIGHT)).toBe(34.5);
    expect(rowHeight(MAX_LINES, TITLE_LINE_HEIGHT)).toBe(MAX_ROW_HEIGHT);
  });

  it("spans a log's summary lines across its table: a fortunes-of-war Options line in 3", () => {
    const log = logSheet(
      fow({ attacker: 'Legio X: attack 6', defender: 'Gauls: defence 4', seed: 'wrap' }),
    );
    const options = log.summary[1];
    // 530 characters against the table's 234 (6+16+9+18+23+12+50+40+30+30, the Dice column
    // grown from 10 to its longest value, `5 6 4 5 6 1 6 1 5 4 2 1`): more than 2 lines (2 x
    // 234 + the one space a break drops < 530), and no more than 3: a line breaks only when the
    // next word does not fit, and its longest word, `leaderLossExperience=1,`, is 23
    // characters, so each full line holds at least 234 - 24 = 210, and two hold at least 420
    // of them, leaving at most 110 for the third.
    expect(options).toMatch(/^Options: meleeRounds=10, /);
    expect(options).toHaveLength(530);
    expect(Math.max(...options.split(' ').map((w) => w.length))).toBe(23);
    expect(log.widths).toEqual([6, 16, 9, 18, 23, 12, 50, 40, 30, 30]);
    const tree = parseXml(worksheetXml(logContent(log), STYLES));
    expect(findAll(tree, 'mergeCell').map((m) => m.attrs.ref)).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((r) => `A${r}:J${r}`),
    );
    const heights = findAll(tree, 'row')
      .filter((r) => r.attrs.ht !== undefined)
      .map((r) => [r.attrs.r, r.attrs.ht]);
    expect(heights).toEqual([
      ['1', '17.25'],
      ['2', '45'],
    ]);
    // The values where they were: each line alone in column A of its row.
    const written = cells(tree);
    log.summary.forEach((line, r) => expect(written[`A${r + 1}`].text).toBe(line));
    expect(Object.keys(written).filter((a) => /^[B-Z]+[1-7]$/.test(a))).toEqual([]);
    expect(written.A1.s).toBe('11');
    expect(written.A2.s).toBe('14');
  });

  it('counts wrapped lines between words, and within a word longer than a line', () => {
    expect(wrappedLines('hello world', 11)).toBe(1);
    expect(wrappedLines('hello world foo', 11)).toBe(2);
    expect(wrappedLines('hello world foo', 5)).toBe(3);
    expect(wrappedLines('x'.repeat(66), 33)).toBe(2);
    expect(wrappedLines('x'.repeat(67), 33)).toBe(3);
    expect(wrappedLines('ab ' + 'x'.repeat(12), 5)).toBe(4);
    expect(wrappedLines('one\ntwo', 20)).toBe(2);
  });

  it('writes formula-like text with the quoted style, numbers and booleans as values', () => {
    expect(cells(sheet([{ cells: ['=1+1', '-3', 7, true, false] }]))).toEqual({
      A1: { s: '13', t: 'inlineStr', text: '=1+1' },
      B1: { s: '13', t: 'inlineStr', text: '-3' },
      C1: { text: '7' },
      D1: { t: 'b', text: '1' },
      E1: { t: 'b', text: '0' },
    });
  });

  // A cell's <v> must be an xsd:double: NaN and Infinity make Excel repair the file.
  it('never writes a number Excel cannot hold as a value', () => {
    const written = cells(sheet([{ cells: [NaN, Infinity, -Infinity] }]));
    for (const c of Object.values(written)) expect(c.t).toBe('inlineStr');
  });

  it("cuts text to Excel's 32,767 characters a cell", () => {
    const text = cells(sheet([{ cells: ['x'.repeat(40_000)] }])).A1.text;
    expect(text).toHaveLength(32_767);
  });

  it('gives back any text whole: markup characters, "]]>", spaces', () => {
    const texts = ['a < b && c > d', 'x]]>y', '  lead', 'tab\there', 'fine'];
    expect(Object.values(cells(sheet([{ cells: texts }]))).map((c) => c.text)).toEqual(texts);
  });

  it('writes characters XML cannot hold as Excel does, _xHHHH_, and keeps the rest', () => {
    const texts = [
      'a\u0001b\u001fc',
      'lone \ud800 high',
      'lone \udc00 low',
      'pair \ud83d\ude00',
      'x\ufffey',
      'cr\r\nlf',
      'B_x0041_',
    ];
    const written = Object.values(cells(sheet([{ cells: texts }]))).map((c) => c.text);
    expect(written).toEqual([
      'a_x0001_b_x001F_c',
      'lone _xD800_ high',
      'lone _xDC00_ low',
      'pair \ud83d\ude00',
      'x_xFFFE_y',
      'cr_x000D_\nlf',
      'B_x005F_x0041_',
    ]);
    // As Excel, and Praetor's reader, read them back: the very text.
    expect(written.map(unescapeCellText)).toEqual(texts);
  });

  it('writes the page header and footer as text, markup escaped', () => {
    const tree = sheet([{ cells: ['a'] }], {
      pageHeader: { left: 'A<B & C' },
      pageFooter: { left: 'S' },
    });
    expect(findAll(tree, 'oddHeader')[0].text).toBe('&LA<B && C');
    expect(findAll(tree, 'oddFooter')[0].text).toBe('&LS&RPage &P of &N');
  });
});

describe('long sheets', () => {
  it('a sheet of 200,000 rows is written whole: its rows are never spread into one call', () => {
    const rows = Array.from({ length: 200_000 }, (_, r) => ({ cells: [r % 2 === 0 ? 'w' : r] }));
    const xml = worksheetXml(
      {
        name: 'S',
        rows,
        widths: [],
        centered: numberColumns(rows.map((r) => r.cells)),
        frozenRows: 0,
        printTitleRow: 0,
        pageHeader: {},
        pageFooter: {},
      },
      STYLES,
    );
    expect(xml).toContain('<dimension ref="A1:A200000"/>');
    expect(xml.match(/<row /g)).toHaveLength(200_000);
  });
});

describe('printTitlesRef', () => {
  it('quotes the sheet name, doubling its apostrophes, and names 1-based rows', () => {
    expect(printTitlesRef("Log O'Neil", 6)).toBe("'Log O''Neil'!$7:$7");
  });
});

describe('xml escapes', () => {
  it('xmlText escapes &, < and >, whatever else the text holds', () => {
    expect(xmlText('a&b<c>d')).toBe('a&amp;b&lt;c&gt;d');
    expect(xmlText(']]>')).toBe(']]&gt;');
  });

  it('xmlAttr escapes quotes and line breaks too, which an attribute would fold', () => {
    const value = 'say "hi"\nthen\rgo & <go>';
    const tree = parseXml(`<a v="${xmlAttr(value)}"/>`);
    expect(tree.attrs.v).toBe(value);
  });

  it('keepSpaces marks exactly the text whose spaces a reader could trim or fold', () => {
    const marked = [
      '  lead',
      ' lead',
      'trail ',
      'two  spaces',
      'line\nbreak',
      'tab\there',
      'cr\rhere',
    ];
    for (const t of marked)
      expect({ t, mark: keepSpaces(t) }).toEqual({ t, mark: ' xml:space="preserve"' });
    for (const t of ['one space', 'x', ''])
      expect({ t, mark: keepSpaces(t) }).toEqual({ t, mark: '' });
  });
});
