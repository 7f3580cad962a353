import { StyleIds } from './sheet-xml';
import { MAIN_NS, rootPrefix } from './xml';

/**
 * Adds the few cell styles Praetor's sheets use to a workbook's styles part: a bold font made
 * from the workbook's own default font, a header fill and border, and the cell formats built
 * from them. The existing styles keep their indices, so no existing cell changes.
 */

/** The sections of `styleSheet`, in the order the schema requires. */
const SECTIONS = [
  'numFmts',
  'fonts',
  'fills',
  'borders',
  'cellStyleXfs',
  'cellXfs',
  'cellStyles',
  'dxfs',
  'tableStyles',
  'colors',
  'extLst',
];

/** What a section holds when a styles part lacks it: the defaults Excel expects at index 0. */
const DEFAULT_CHILDREN: Record<string, string> = {
  fonts: '<font><sz val="11"/><name val="Calibri"/></font>',
  fills:
    '<fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>',
  borders: '<border><left/><right/><top/><bottom/><diagonal/></border>',
  cellStyleXfs: '<xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>',
  cellXfs: '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>',
};

const CHILD: Record<string, string> = {
  fonts: 'font',
  fills: 'fill',
  borders: 'border',
  cellStyleXfs: 'xf',
  cellXfs: 'xf',
};

export const EMPTY_STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  `<styleSheet xmlns="${MAIN_NS}"></styleSheet>`;

const prefixed = (xml: string, p: string) => (p ? xml.replace(/<(\/?)(\w)/g, `<$1${p}$2`) : xml);

/** Appends `children` to a section, creating it if need be; returns the first new index. */
function append(
  xml: string,
  p: string,
  section: string,
  children: string[],
): { xml: string; index: number } {
  // Lazy attributes, so that the `/` of `<borders count="0"/>` is taken as self-closing.
  const open = new RegExp(`<${p}${section}(\\s[^>]*?)?(/?)>`).exec(xml);
  if (!open || open[2] === '/') {
    const body = prefixed(DEFAULT_CHILDREN[section], p);
    // An empty section keeps its attributes (its count is then set by the append below).
    const start = open ? `${open[0].slice(0, -2)}>` : `<${p}${section}>`;
    const created = `${start}${body}</${p}${section}>`;
    const base = open
      ? xml.slice(0, open.index) + created + xml.slice(open.index + open[0].length)
      : insertSection(xml, p, section, created);
    return append(base, p, section, children);
  }
  const close = xml.indexOf(`</${p}${section}>`, open.index);
  const inner = xml.slice(open.index + open[0].length, close);
  const index = (inner.match(new RegExp(`<${p}${CHILD[section]}[\\s>/]`, 'g')) ?? []).length;
  const count = index + children.length;
  const tag = /\scount\s*=\s*"\d*"/.test(open[0])
    ? open[0].replace(/\scount\s*=\s*"\d*"/, ` count="${count}"`)
    : open[0];
  return {
    xml: xml.slice(0, open.index) + tag + inner + prefixed(children.join(''), p) + xml.slice(close),
    index,
  };
}

/** Puts a new section before the first later section present, else at the end of the root. */
function insertSection(xml: string, p: string, section: string, text: string): string {
  for (const later of SECTIONS.slice(SECTIONS.indexOf(section) + 1)) {
    const m = new RegExp(`<${p}${later}[\\s>/]`).exec(xml);
    if (m) return xml.slice(0, m.index) + text + xml.slice(m.index);
  }
  const end = xml.lastIndexOf(`</${p}styleSheet>`);
  if (end < 0) throw new Error("the workbook's styles are not as expected");
  return xml.slice(0, end) + text + xml.slice(end);
}

/** The workbook's first font, made bold: headers then match the workbook's own typeface. */
function boldFont(xml: string, p: string): string {
  const fonts = new RegExp(`<${p}fonts[\\s>][\\s\\S]*?</${p}fonts>`).exec(xml)?.[0] ?? '';
  const first = new RegExp(`<${p}font(\\s[^>]*?)?(/>|>([\\s\\S]*?)</${p}font>)`).exec(fonts);
  const inner = (first ? (first[3] ?? '') : '<sz val="11"/><name val="Calibri"/>')
    .replace(new RegExp(`<${p}b(\\s[^>]*)?/>`, 'g'), '')
    .replace(new RegExp(`<${p}`, 'g'), '<')
    .replace(new RegExp(`</${p}`, 'g'), '</');
  return `<font><b/>${inner}</font>`;
}

export function addPraetorStyles(stylesXml: string): { xml: string; ids: StyleIds } {
  const p = rootPrefix(stylesXml, 'styleSheet');
  let xml = stylesXml;
  const font = append(xml, p, 'fonts', [boldFont(xml, p)]);
  xml = font.xml;
  const fill = append(xml, p, 'fills', [
    '<fill><patternFill patternType="solid"><fgColor rgb="FFDCE6F1"/><bgColor indexed="64"/></patternFill></fill>',
  ]);
  xml = fill.xml;
  const border = append(xml, p, 'borders', [
    '<border><left/><right/><top/><bottom style="thin"><color rgb="FF7F7F7F"/></bottom><diagonal/></border>',
  ]);
  xml = append(border.xml, p, 'cellStyleXfs', []).xml;
  const b = font.index;
  const xfs = append(xml, p, 'cellXfs', [
    `<xf numFmtId="0" fontId="${b}" fillId="0" borderId="0" xfId="0" applyFont="1"/>`,
    `<xf numFmtId="0" fontId="${b}" fillId="${fill.index}" borderId="${border.index}" xfId="0" applyFont="1" applyFill="1" applyBorder="1"/>`,
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/>',
  ]);
  return {
    xml: xfs.xml,
    ids: { title: xfs.index, header: xfs.index + 1, quoted: xfs.index + 2 },
  };
}
