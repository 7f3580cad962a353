import { TITLE_FONT_SIZE } from '../../src/sheet-layout';
import { StyleIds } from './sheet-xml';
import { MAIN_NS } from './xml';
import {
  appendInto,
  applySplices,
  attr,
  childrenNamed,
  scanXml,
  setValue,
  Splice,
  XmlElement,
} from './xml-scan';

/**
 * Adds the few cell styles Praetor's sheets use to a workbook's styles part: two bold fonts made
 * from the workbook's own default font (the headers', and the larger one of a log's title), a
 * header fill and border, and the cell formats built from them. The existing styles keep their
 * indices, so no existing cell changes.
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

/** The sections Praetor appends to, each with the name of its children. */
const CHILD = {
  fonts: 'font',
  fills: 'fill',
  borders: 'border',
  cellStyleXfs: 'xf',
  cellXfs: 'xf',
};
type Section = keyof typeof CHILD;

/** What an empty or missing section is given first: the defaults Excel expects at index 0. */
const DEFAULT_CHILDREN: Record<Section, string[]> = {
  fonts: ['<font><sz val="11"/><name val="Calibri"/></font>'],
  fills: [
    '<fill><patternFill patternType="none"/></fill>',
    '<fill><patternFill patternType="gray125"/></fill>',
  ],
  borders: ['<border><left/><right/><top/><bottom/><diagonal/></border>'],
  cellStyleXfs: ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>'],
  cellXfs: ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'],
};

export const EMPTY_STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  `<styleSheet xmlns="${MAIN_NS}"></styleSheet>`;

const prefixed = (xml: string, p: string) => (p ? xml.replace(/<(\/?)(\w)/g, `<$1${p}$2`) : xml);

/** The styles part's root, checked to be a `styleSheet`. */
function styleSheet(root: XmlElement): XmlElement {
  if (root.local !== 'styleSheet') throw new Error("the workbook's styles are not as expected");
  return root;
}

/**
 * The workbook's first font, made bold, and of `size` points when given (else its own size):
 * headers and titles then match the workbook's own typeface. Its other children are copied as
 * written (with its start tag, for any namespace declared there).
 */
function boldFont(xml: string, fonts: XmlElement | undefined, p: string, size?: number): string {
  const first = fonts && childrenNamed(fonts, 'font')[0];
  const sz = (prefix: string, val: number) => `<${prefix}sz val="${val}"/>`;
  if (!first) {
    return prefixed(`<font><b/>${sz('', size ?? 11)}<name val="Calibri"/></font>`, p);
  }
  const start = xml.slice(first.start, first.startEnd).replace(/\/>$/, '>');
  const kids = first.children
    .filter((c) => c.local !== 'b' && (size === undefined || c.local !== 'sz'))
    .map((c) => xml.slice(c.start, c.end))
    .join('');
  const resized = size === undefined ? '' : sz(first.prefix, size);
  return `${start}<${first.prefix}b/>${resized}${kids}</${first.name}>`;
}

/** A font's size in points, from its one `sz`, or undefined when it gives none. */
function fontSize(font: XmlElement): number | undefined {
  const sz = childrenNamed(font, 'sz');
  return sz.length === 1 ? Number(attr(sz[0], 'val')) : undefined;
}

export function addPraetorStyles(
  stylesXml: string,
  root = scanXml(stylesXml),
): { xml: string; ids: StyleIds } {
  const p = styleSheet(root).prefix;
  const find = (section: string) => childrenNamed(root, section)[0] as XmlElement | undefined;
  const splices: Splice[] = [];
  /** New sections with no later section to go before: added at the end of the root, at once. */
  const atEnd: string[] = [];

  /**
   * Appends `children` (written with the part's prefix) to a section, creating it if need be;
   * returns the first new index.
   */
  const append = (section: Section, children: string[]): number => {
    const el = find(section);
    const present = el ? childrenNamed(el, CHILD[section]).length : 0;
    const defaults = present === 0 ? DEFAULT_CHILDREN[section] : [];
    const index = present + defaults.length;
    const body = prefixed(defaults.join(''), p) + children.join('');
    if (el) {
      const count = el.attrs.find((a) => a.name === 'count');
      const total = String(index + children.length);
      if (count && count.value !== total) splices.push(setValue(count, total));
      if (body !== '') splices.push(appendInto(el, body));
      return index;
    }
    const created = `<${p}${section}>${body}</${p}${section}>`;
    const later = SECTIONS.slice(SECTIONS.indexOf(section) + 1)
      .map(find)
      .find((x) => x !== undefined);
    if (later) splices.push({ at: later.start, remove: 0, text: created });
    else atEnd.push(created);
    return index;
  };

  const fonts = find('fonts');
  // The header's font, then the title's: as in the taskpane, a log's title is larger.
  const font = append('fonts', [
    boldFont(stylesXml, fonts, p),
    boldFont(stylesXml, fonts, p, TITLE_FONT_SIZE),
  ]);
  const titleFont = font + 1;
  const fill = append('fills', [
    prefixed(
      '<fill><patternFill patternType="solid"><fgColor rgb="FFDCE6F1"/><bgColor indexed="64"/></patternFill></fill>',
      p,
    ),
  ]);
  const border = append('borders', [
    prefixed(
      '<border><left/><right/><top/><bottom style="thin"><color rgb="FF7F7F7F"/></bottom><diagonal/></border>',
      p,
    ),
  ]);
  append('cellStyleXfs', []);
  const xf = append(
    'cellXfs',
    [
      // The title (a log's first summary line) wraps from the top, as the lines below it.
      `<xf numFmtId="0" fontId="${titleFont}" fillId="0" borderId="0" xfId="0" applyFont="1" applyAlignment="1"><alignment vertical="top" wrapText="1"/></xf>`,
      `<xf numFmtId="0" fontId="${font}" fillId="${fill}" borderId="${border}" xfId="0" applyFont="1" applyFill="1" applyBorder="1"/>`,
      ...BODY_NAMES.map((name) => bodyXf(BODY_LOOKS[name])),
    ].map((x) => prefixed(x, p)),
  );
  if (atEnd.length > 0) splices.push(appendInto(root, atEnd.join('')));
  const body = Object.fromEntries(BODY_NAMES.map((name, i) => [name, xf + 2 + i]));
  return {
    xml: applySplices(stylesXml, splices),
    ids: { title: xf, header: xf + 1, ...(body as Record<BodyStyle, number>) },
  };
}

type BodyStyle = Exclude<keyof StyleIds, 'title' | 'header'>;

/** How a body cell looks: kept as text (quote prefix), wrapped, centered, top-aligned. */
interface BodyLook {
  quote?: boolean;
  wrap?: boolean;
  center?: boolean;
  top?: boolean;
}

/**
 * The body cells' formats, in the order they are added. Wrapped text is top-aligned wherever
 * it is: a row is made as tall as its wrapped lines, which then start on the row's first line
 * (Excel's default, bottom, would start them lines below the text beside them).
 */
const BODY_LOOKS: Record<BodyStyle, BodyLook> = {
  quoted: { quote: true },
  wrapped: { wrap: true, top: true },
  wrappedQuoted: { quote: true, wrap: true, top: true },
  centered: { center: true },
  top: { top: true },
  topQuoted: { quote: true, top: true },
  topCentered: { center: true, top: true },
};
const BODY_NAMES = Object.keys(BODY_LOOKS) as BodyStyle[];

/** The title's alignment (its font is bold): wrapped within its merged row, from the top. */
const TITLE_LOOK: BodyLook = { wrap: true, top: true };

/** The alignment attributes of a look, in the schema's order, as written and as checked. */
const alignmentOf = (look: BodyLook): string[][] =>
  [
    ['horizontal', look.center ? 'center' : ''],
    ['vertical', look.top ? 'top' : ''],
    ['wrapText', look.wrap ? '1' : ''],
  ].filter(([, value]) => value !== '');

function bodyXf(look: BodyLook): string {
  const start = `<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"${look.quote ? ' quotePrefix="1"' : ''}`;
  const alignment = alignmentOf(look);
  if (alignment.length === 0) return `${start}/>`;
  const attrs = alignment.map(([name, value]) => ` ${name}="${value}"`).join('');
  return `${start} applyAlignment="1"><alignment${attrs}/></xf>`;
}

/** An xf with a look's quote prefix (or none) and exactly its alignment. */
function looks(xf: XmlElement | undefined, look: BodyLook): boolean {
  if (xf === undefined || (attr(xf, 'quotePrefix') === '1') !== (look.quote ?? false)) {
    return false;
  }
  const want = alignmentOf(look);
  const alignments = childrenNamed(xf, 'alignment');
  if (want.length === 0) return alignments.length === 0;
  return (
    alignments.length === 1 &&
    attr(xf, 'applyAlignment') === '1' &&
    alignments[0].attrs.length === want.length &&
    want.every(([name, value]) => attr(alignments[0], name) === value)
  );
}

/**
 * True when the edited styles part holds what `ids` name: each section's count (where given)
 * equal to its children, the title and header formats on a bold font, the header's fill and
 * border in their sections, each body format with its quote prefix (or none) and its alignment.
 */
export function hasPraetorStyles(root: XmlElement, ids: StyleIds): boolean {
  const children = (section: Section) => {
    const all = childrenNamed(styleSheet(root), section);
    if (all.length !== 1) return null;
    const kids = childrenNamed(all[0], CHILD[section]);
    const count = attr(all[0], 'count');
    return count === undefined || count === String(kids.length) ? kids : null;
  };
  const [fonts, fills, borders, xfs] = (['fonts', 'fills', 'borders', 'cellXfs'] as const).map(
    children,
  );
  if (!fonts || !fills || !borders || !xfs || !children('cellStyleXfs')) return false;
  const at = <T>(list: T[], id: string | undefined) =>
    /^\d+$/.test(id ?? '') ? list[Number(id)] : undefined;
  const fontOf = (xf: XmlElement | undefined) => xf && at(fonts, attr(xf, 'fontId'));
  const bold = (xf: XmlElement | undefined) => {
    const font = fontOf(xf);
    return font !== undefined && childrenNamed(font, 'b').length === 1;
  };
  const titleFont = fontOf(xfs[ids.title]);
  const header = xfs[ids.header];
  return (
    bold(xfs[ids.title]) &&
    titleFont !== undefined &&
    fontSize(titleFont) === TITLE_FONT_SIZE &&
    looks(xfs[ids.title], TITLE_LOOK) &&
    bold(header) &&
    at(fills, attr(header, 'fillId')) !== undefined &&
    at(borders, attr(header, 'borderId')) !== undefined &&
    BODY_NAMES.every((name) => looks(xfs[ids[name]], BODY_LOOKS[name]))
  );
}
