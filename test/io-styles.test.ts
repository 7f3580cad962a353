import { addPraetorStyles, hasPraetorStyles } from '../headless/workbook/styles';
import { StyleIds } from '../headless/workbook/sheet-xml';
import { TITLE_FONT_SIZE } from '../src/sheet-layout';
import { scanXml } from '../headless/workbook/xml-scan';
import { findAll, parseXml, XmlNode } from './helpers/xml-tree';

/**
 * The three cell styles appended to a workbook's styles part: the existing styles keep their
 * indices, the new ones point at a bold font, a solid header fill and a bottom border.
 */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** The children of a section of the styles part. */
const section = (tree: XmlNode, name: string): XmlNode[] => findAll(tree, name)[0]?.children ?? [];

function styled(xml: string) {
  const { xml: out, ids } = addPraetorStyles(xml);
  const tree = parseXml(out);
  const xfs = section(tree, 'cellXfs');
  return { out, tree, ids, xfs };
}

const EXCEL_STYLES =
  `<styleSheet xmlns="${MAIN}">` +
  '<fonts count="2"><font><sz val="10"/><name val="Arial"/></font><font><i/><sz val="10"/><name val="Arial"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** The sections a styles part opened empty gets, in the order the schema gives them. */
const SECTIONS_IN_ORDER = ['fonts', 'fills', 'borders', 'cellStyleXfs', 'cellXfs'];

/** The formats added to EXCEL_STYLES, after its two. */
const EXCEL_IDS = {
  title: 2,
  header: 3,
  quoted: 4,
  wrapped: 5,
  wrappedQuoted: 6,
  centered: 7,
  top: 8,
  topQuoted: 9,
  topCentered: 10,
};

describe('addPraetorStyles', () => {
  it('appends after the existing formats, and keeps every count equal to its children', () => {
    const { tree, ids, xfs } = styled(EXCEL_STYLES);
    expect(ids).toEqual(EXCEL_IDS);
    for (const name of ['fonts', 'fills', 'borders', 'cellStyleXfs', 'cellXfs']) {
      const node = findAll(tree, name)[0];
      expect({ name, count: Number(node.attrs.count) }).toEqual({
        name,
        count: node.children.length,
      });
    }
    expect(xfs.slice(0, 2).map((x) => x.attrs.fontId)).toEqual(['0', '1']);
  });

  it('makes the title bold, and the header bold on a solid fill with a bottom border', () => {
    const { tree, ids, xfs } = styled(EXCEL_STYLES);
    const fonts = section(tree, 'fonts');
    const fills = section(tree, 'fills');
    const borders = section(tree, 'borders');
    const title = xfs[ids.title].attrs;
    const header = xfs[ids.header].attrs;
    const font = fonts[Number(title.fontId)];
    expect(findAll(font, 'b')).toHaveLength(1);
    expect(findAll(font, 'name')[0].attrs.val).toBe('Arial');
    // As the taskpane writes it: 13 points, the workbook's typeface.
    expect(findAll(font, 'sz').map((sz) => sz.attrs.val)).toEqual([String(TITLE_FONT_SIZE)]);
    expect(title.fillId).toBe('0');
    // The title (a log's first line, merged across its table) wraps from the top.
    expect(title.applyAlignment).toBe('1');
    expect(findAll(xfs[ids.title], 'alignment')[0].attrs).toEqual({
      vertical: 'top',
      wrapText: '1',
    });
    expect(findAll(xfs[ids.header], 'alignment')).toEqual([]);
    // The header's font: bold, in the workbook's own typeface and size.
    const headerFont = fonts[Number(header.fontId)];
    expect(header.fontId).not.toBe(title.fontId);
    expect(headerFont.children.map((c) => [c.name, c.attrs.val])).toEqual([
      ['b', undefined],
      ['sz', '10'],
      ['name', 'Arial'],
    ]);
    expect(findAll(fills[Number(header.fillId)], 'patternFill')[0].attrs.patternType).toBe('solid');
    expect(header.applyFill).toBe('1');
    expect(findAll(borders[Number(header.borderId)], 'bottom')[0].attrs.style).toBe('thin');
  });

  it("gives formula-like text Excel's quote prefix, in the workbook's default font", () => {
    const { ids, xfs } = styled(EXCEL_STYLES);
    expect(xfs[ids.quoted].attrs).toMatchObject({ quotePrefix: '1', fontId: '0', fillId: '0' });
  });

  it('wraps the text of the wrapped formats within the column, from the top; one kept as text', () => {
    const { ids, xfs } = styled(EXCEL_STYLES);
    for (const id of [ids.wrapped, ids.wrappedQuoted]) {
      expect(xfs[id].attrs).toMatchObject({ fontId: '0', fillId: '0', applyAlignment: '1' });
      expect(findAll(xfs[id], 'alignment')[0].attrs).toEqual({ vertical: 'top', wrapText: '1' });
    }
    expect(xfs[ids.wrapped].attrs.quotePrefix).toBeUndefined();
    expect(findAll(xfs[ids.centered], 'alignment')[0].attrs).toEqual({ horizontal: 'center' });
    expect(xfs[ids.wrappedQuoted].attrs.quotePrefix).toBe('1');
  });

  it("aligns a top sheet's body formats to the top, each as its counterpart otherwise", () => {
    const { ids, xfs } = styled(EXCEL_STYLES);
    const look = (id: number) => ({
      quotePrefix: xfs[id].attrs.quotePrefix,
      alignment: findAll(xfs[id], 'alignment').map((a) => a.attrs),
    });
    expect(look(ids.top)).toEqual({ alignment: [{ vertical: 'top' }] });
    expect(look(ids.topQuoted)).toEqual({ quotePrefix: '1', alignment: [{ vertical: 'top' }] });
    expect(look(ids.topCentered)).toEqual({
      alignment: [{ horizontal: 'center', vertical: 'top' }],
    });
    for (const id of [ids.top, ids.topQuoted, ids.topCentered]) {
      expect(xfs[id].attrs).toMatchObject({
        numFmtId: '0',
        fontId: '0',
        fillId: '0',
        borderId: '0',
        applyAlignment: '1',
      });
    }
    // The formats of other sheets' body cells keep Excel's bottom alignment.
    expect(look(ids.quoted)).toEqual({ quotePrefix: '1', alignment: [] });
    expect(look(ids.centered)).toEqual({ alignment: [{ horizontal: 'center' }] });
  });

  it('a workbook whose first font is bold already gets a font with one <b/>', () => {
    const { tree, ids, xfs } = styled(
      EXCEL_STYLES.replace('<font><sz val="10"/>', '<font><b/><sz val="10"/>'),
    );
    const font = section(tree, 'fonts')[Number(xfs[ids.title].attrs.fontId)];
    expect(findAll(font, 'b')).toHaveLength(1);
  });

  it('a first font written as one empty element gives a bold font of its own, the next kept', () => {
    const { tree, ids, xfs } = styled(
      EXCEL_STYLES.replace('<font><sz val="10"/><name val="Arial"/></font>', '<font />'),
    );
    const fonts = section(tree, 'fonts');
    expect(fonts).toHaveLength(4);
    expect(findAll(fonts[1], 'i')).toHaveLength(1);
    const bold = fonts[Number(xfs[ids.header].attrs.fontId)];
    expect(bold.children.map((c) => c.name)).toEqual(['b']);
    const title = fonts[Number(xfs[ids.title].attrs.fontId)];
    expect(title.children.map((c) => [c.name, c.attrs.val])).toEqual([
      ['b', undefined],
      ['sz', '13'],
    ]);
  });

  it('keeps the prefix of a styles part that prefixes every element', () => {
    const prefixed = EXCEL_STYLES.replace(
      `<styleSheet xmlns="${MAIN}">`,
      `<x:styleSheet xmlns:x="${MAIN}">`,
    ).replace(/<(\/?)(?!x:)(\w)/g, '<$1x:$2');
    const { tree, ids, xfs } = styled(prefixed);
    const font = section(tree, 'fonts')[Number(xfs[ids.title].attrs.fontId)];
    expect(font.children.map((c) => c.name)).toEqual(['x:b', 'x:sz', 'x:name']);
    expect(xfs.every((x) => x.name === 'x:xf')).toBe(true);
  });

  // Excel requires the fills "none" and "gray125" at indices 0 and 1 (ECMA-376 part 1, 18.8.21).
  it('creates the sections a bare styles part lacks, with the defaults Excel expects first', () => {
    const { tree, ids, xfs } = styled(`<styleSheet xmlns="${MAIN}"></styleSheet>`);
    const fills = section(tree, 'fills').map((f) => findAll(f, 'patternFill')[0].attrs.patternType);
    expect(fills).toEqual(['none', 'gray125', 'solid']);
    expect(xfs[ids.header].attrs.fillId).toBe('2');
    expect(section(tree, 'cellStyleXfs')).toHaveLength(1);
    expect(tree.children.map((c) => c.name)).toEqual(SECTIONS_IN_ORDER);
  });

  it('puts a missing section before the later ones, in the order the schema requires', () => {
    const { tree } = styled(
      `<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="0.0"/></numFmts>` +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles><dxfs count="0"/></styleSheet>',
    );
    expect(tree.children.map((c) => c.name)).toEqual([
      'numFmts',
      'fonts',
      'fills',
      'borders',
      'cellStyleXfs',
      'cellXfs',
      'cellStyles',
      'dxfs',
    ]);
  });

  it('fills in a section written as one empty element', () => {
    const { tree, ids, xfs } = styled(
      EXCEL_STYLES.replace(/<borders count="1">.*<\/borders>/, '<borders/>'),
    );
    const borders = section(tree, 'borders');
    expect(borders).toHaveLength(2);
    expect(findAll(borders[Number(xfs[ids.header].attrs.borderId)], 'bottom')[0].attrs.style).toBe(
      'thin',
    );
  });

  // `<borders count="0"/>` is valid (CT_Borders: border minOccurs 0). Before the fix, the "/"
  // of a self-closing tag with attributes was taken for an attribute, the section's close tag
  // was not found, and the new border was spliced in before the part's last character.
  it('fills in a section written as one empty element with attributes', () => {
    const xml =
      `<styleSheet xmlns="${MAIN}">` +
      '<fonts count="1"><font><sz val="11"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="0"/>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
      '</styleSheet>';
    const { xml: out, ids } = addPraetorStyles(xml);
    const tree = parseXml(out);
    const borders = findAll(tree, 'borders')[0];
    const header = findAll(tree, 'cellXfs')[0].children[ids.header].attrs;
    expect(borders.attrs.count).toBe(String(borders.children.length));
    expect(findAll(borders.children[Number(header.borderId)], 'bottom')[0].attrs.style).toBe(
      'thin',
    );
  });

  /** Every section's count equals its children, and the new formats are where ids say. */
  function expectWhole(out: string, ids: StyleIds) {
    const tree = parseXml(out);
    for (const name of ['fonts', 'fills', 'borders', 'cellStyleXfs', 'cellXfs']) {
      const node = findAll(tree, name)[0];
      if (node.attrs.count !== undefined) {
        expect({ name, count: node.attrs.count }).toEqual({
          name,
          count: String(node.children.length),
        });
      }
    }
    expect(hasPraetorStyles(scanXml(out), ids)).toBe(true);
  }

  it.each([
    ['`</cellXfs >`', '</cellXfs>', '</cellXfs >'],
    ['`</fonts\\n>`', '</fonts>', '</fonts\n>'],
    ['`</styleSheet\\t>`', '</styleSheet>', '</styleSheet\t>'],
  ])('reads an end tag written with a space before its ">": %s', (_, from, to) => {
    const { out, ids, xfs } = styled(EXCEL_STYLES.replace(from, to));
    expect(ids).toEqual(EXCEL_IDS);
    expect(xfs).toHaveLength(11);
    expectWhole(out, ids);
  });

  it('updates counts written in single quotes', () => {
    const { out, ids, tree } = styled(EXCEL_STYLES.replace(/="([^"]*)"/g, "='$1'"));
    expect(findAll(tree, 'cellXfs')[0].attrs.count).toBe('11');
    expect(findAll(tree, 'fonts')[0].attrs.count).toBe('4');
    expectWhole(out, ids);
  });

  it.each([
    ['a comment', '<!-- </fonts> -->'],
    ['a CDATA section', '<![CDATA[</fonts>]]>'],
    ['a processing instruction', '<?pi </fonts>?>'],
  ])('never writes into %s that holds `</fonts>` in the first font', (_, trap) => {
    const { out, ids, tree, xfs } = styled(EXCEL_STYLES.replace('<font>', `<font>${trap}`));
    const fonts = section(tree, 'fonts');
    expect(fonts).toHaveLength(4);
    for (const id of [ids.header, ids.title]) {
      const bold = fonts[Number(xfs[id].attrs.fontId)];
      expect(bold.children.map((c) => c.name)).toEqual(['b', 'sz', 'name']);
    }
    expect(out.split(trap)).toHaveLength(2);
    expectWhole(out, ids);
  });

  it('takes no commented-out section for the real one', () => {
    const { out, ids, xfs } = styled(
      EXCEL_STYLES.replace('<cellXfs', '<!-- <cellXfs count="1"></cellXfs> --><cellXfs'),
    );
    expect(xfs).toHaveLength(11);
    expectWhole(out, ids);
  });

  // An empty section would otherwise give its first new child index 0: the bold font would be
  // the workbook's default font, the header fill would take the place of "none".
  it('gives an empty section the defaults Excel expects before the new children', () => {
    const { out, ids, tree } = styled(
      EXCEL_STYLES.replace(/<fills count="2">.*<\/fills>/, '<fills count="0"></fills>'),
    );
    const fills = section(tree, 'fills').map((f) => findAll(f, 'patternFill')[0].attrs.patternType);
    expect(fills).toEqual(['none', 'gray125', 'solid']);
    expectWhole(out, ids);
  });

  it('opens a styles part that is one empty element, with every section in order', () => {
    const { out, ids, tree } = styled(`<styleSheet xmlns="${MAIN}"/>`);
    expect(tree.children.map((c) => c.name)).toEqual(SECTIONS_IN_ORDER);
    expectWhole(out, ids);
  });

  it('copies a first font with its namespace declarations, so the bold one is well-formed', () => {
    const { out, ids } = styled(
      EXCEL_STYLES.replace('<font><sz val="10"/>', '<font xmlns:q="urn:q"><q:ext/><sz val="10"/>'),
    );
    expectWhole(out, ids);
  });

  it('the check finds a styles part not as the ids say', () => {
    const { out, ids } = styled(EXCEL_STYLES);
    expect(hasPraetorStyles(scanXml(out), { ...ids, quoted: ids.quoted + 1 })).toBe(false);
    expect(hasPraetorStyles(scanXml(out), { ...ids, wrapped: ids.quoted })).toBe(false);
    expect(hasPraetorStyles(scanXml(out), { ...ids, wrappedQuoted: ids.wrapped })).toBe(false);
    expect(hasPraetorStyles(scanXml(out), { ...ids, centered: ids.wrapped })).toBe(false);
    expect(hasPraetorStyles(scanXml(out), { ...ids, centered: ids.topCentered })).toBe(false);
    expect(hasPraetorStyles(scanXml(out), { ...ids, top: ids.topQuoted })).toBe(false);
    expect(hasPraetorStyles(scanXml(out), { ...ids, top: 0 })).toBe(false);
    expect(hasPraetorStyles(scanXml(out), { ...ids, topQuoted: ids.quoted })).toBe(false);
    expect(hasPraetorStyles(scanXml(out), { ...ids, topCentered: ids.centered })).toBe(false);
    expect(hasPraetorStyles(scanXml(out), { ...ids, topCentered: ids.topCentered + 1 })).toBe(
      false,
    );
    const bottomWrapped = out.replace(
      '<alignment vertical="top" wrapText="1"/>',
      '<alignment wrapText="1"/>',
    );
    expect(hasPraetorStyles(scanXml(bottomWrapped), ids)).toBe(false);
    const unwrappedTitle = out.replace(
      'applyFont="1" applyAlignment="1"><alignment vertical="top" wrapText="1"/></xf>',
      'applyFont="1"/>',
    );
    expect(unwrappedTitle).not.toBe(out);
    expect(hasPraetorStyles(scanXml(unwrappedTitle), ids)).toBe(false);
    const twice = out.replace('<cellStyles', '<cellXfs count="0"/><cellStyles');
    expect(hasPraetorStyles(scanXml(twice), ids)).toBe(false);
    const miscounted = out.replace('<fills count="3">', '<fills count="2">');
    expect(hasPraetorStyles(scanXml(miscounted), ids)).toBe(false);
    // A title font of another size than the pane's 13 points is not Praetor's title.
    const smallTitle = out.replace('<sz val="13"/>', '<sz val="11"/>');
    expect(smallTitle).not.toBe(out);
    expect(hasPraetorStyles(scanXml(smallTitle), ids)).toBe(false);
  });

  it('refuses a part that is not a styleSheet', () => {
    expect(() => addPraetorStyles(`<workbook xmlns="${MAIN}"/>`)).toThrow(
      "the workbook's styles are not as expected",
    );
  });
});
