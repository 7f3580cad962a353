import { REL_NS, xmlAttr, xmlText } from './xml';
import {
  appendInto,
  applySplices,
  attr,
  childrenNamed,
  elementNamespace,
  elementText,
  namespaceOf,
  prefixFor,
  scanXml,
  Splice,
  XmlElement,
} from './xml-scan';

/**
 * Edits of the package parts that must change when sheets are added: the workbook's sheet
 * index (and print titles, and the workbook-level defined names a writer sets), its
 * relationships and the content types (the styles are in styles.ts). Each edit inserts text
 * at the tags of the part's scanned elements (or replaces a defined name's element whole),
 * leaving everything else in it as the author wrote it; each has a check of the edited part,
 * which the writer makes before anything is written.
 */

export const WORKSHEET_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml';
export const WORKSHEET_REL = `${REL_NS}/worksheet`;
export const STYLES_REL = `${REL_NS}/styles`;
export const STYLES_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml';

export interface NewSheet {
  name: string;
  relId: string;
  /** The defined name's formula for the rows repeated on printed pages, if any. */
  printTitles?: string;
}

/**
 * A workbook-level defined name (no `localSheetId`) that a writer sets: the workbook's own
 * names of that name, in any case, are replaced by it, so that it is there once.
 */
export interface WorkbookName {
  /** A name Excel accepts: a letter or `_` first, then letters, digits, `_` and `.`. */
  name: string;
  /** Its formula as Excel writes it, without the `=`: `"text"` for a string constant. */
  formula: string;
  /** Hidden from Excel's Name Manager and the name box. */
  hidden?: boolean;
}

export interface Relationship {
  id: string;
  type: string;
  target: string;
}

export interface ContentType {
  partName: string;
  type: string;
}

/** The workbook's `<sheets>`; throws when it has none (every workbook has one). */
function sheetIndex(root: XmlElement): XmlElement {
  const index = root.local === 'workbook' ? childrenNamed(root, 'sheets') : [];
  if (index.length !== 1) throw new Error("the workbook's sheet index is not as expected");
  return index[0];
}

/**
 * Strict Open XML names its parts and relationships otherwise: sheets added or cells found in
 * the usual names would give the workbook a second styles part, or miss its sheets.
 */
export const isStrictWorkbook = (root: XmlElement): boolean =>
  elementNamespace(root)?.startsWith('http://purl.oclc.org/ooxml/') === true;

/** Why a Strict Open XML workbook is refused, and what to do: `command` that (adjudicate). */
export const strictRefusal = (command: string): string =>
  'it is saved as Strict Open XML, which Praetor cannot add sheets to; save it in Excel as ' +
  `"Excel Workbook (*.xlsx)" and ${command} that`;

/** The `<sheet>` elements of a workbook's sheet index, in order. */
export const sheetElements = (root: XmlElement): XmlElement[] =>
  childrenNamed(sheetIndex(root), 'sheet');

/** A sheet's relationship id (its `r:id`, whatever the prefix). */
export const relIdOf = (sheet: XmlElement): string | undefined =>
  sheet.attrs.find((a) => a.name.endsWith(':id') && namespaceOf(sheet, a.name) === REL_NS)?.value;

/** The workbook's own names (no `localSheetId`) called `name`, in any case. */
function workbookNamesCalled(root: XmlElement, name: string): XmlElement[] {
  const wanted = name.toLowerCase();
  return childrenNamed(root, 'definedNames')
    .flatMap((d) => childrenNamed(d, 'definedName'))
    .filter(
      (d) => attr(d, 'localSheetId') === undefined && attr(d, 'name')?.toLowerCase() === wanted,
    );
}

/**
 * The formula of the workbook-level defined name `name` (the first, if it is given twice),
 * undefined when there is none, and '' when it holds anything but text.
 */
export function workbookNameFormula(
  xml: string,
  name: string,
  root = scanXml(xml),
): string | undefined {
  const found = workbookNamesCalled(root, name)[0];
  return found && (elementText(xml, found) ?? '');
}

/** The largest sheetId the schema allows (an unsigned 32-bit number). */
const MAX_SHEET_ID = 0xffffffff;

/**
 * `count` sheetIds not among `taken`: after the largest, or, should that reach past the
 * schema's largest, the smallest free ones from 1.
 */
export function sheetIds(taken: readonly number[], count: number): number[] {
  const top = Math.max(0, ...taken);
  if (top + count <= MAX_SHEET_ID) return Array.from({ length: count }, (_, i) => top + 1 + i);
  const used = new Set(taken);
  const ids: number[] = [];
  for (let id = 1; ids.length < count; id++) if (!used.has(id)) ids.push(id);
  return ids;
}

/**
 * Appends sheets to `<sheets>` and their print titles to `<definedNames>`, and sets `names`:
 * each takes the place of the workbook's names of that name (the first; any other is removed),
 * or is appended to `<definedNames>` when there is none.
 */
export function addSheetsToWorkbook(
  xml: string,
  sheets: readonly NewSheet[],
  root = scanXml(xml),
  names: readonly WorkbookName[] = [],
): string {
  const index = sheetIndex(root);
  const existing = childrenNamed(index, 'sheet');
  const ids = sheetIds(
    existing.map((s) => Number(attr(s, 'sheetId')) || 0),
    sheets.length,
  );
  const p = index.prefix;
  const r = prefixFor(index, REL_NS);
  const sheetXml = sheets
    .map(
      (s) =>
        `<${p}sheet name="${xmlAttr(s.name)}" sheetId="${ids.shift()}" ` +
        (r ? `${r}id="${s.relId}"/>` : `xmlns:r="${REL_NS}" r:id="${s.relId}"/>`),
    )
    .join('');
  // After the last sheet: a reader may stop at anything else the index holds (an `extLst`).
  const last = existing[existing.length - 1];
  const splices: Splice[] = [
    last ? { at: last.end, remove: 0, text: sheetXml } : appendInto(index, sheetXml),
  ];

  const definedNames = childrenNamed(root, 'definedNames');
  const q = root.prefix;
  let appended = sheets
    .map((s, i) =>
      s.printTitles === undefined
        ? ''
        : `<${q}definedName name="_xlnm.Print_Titles" localSheetId="${existing.length + i}">${xmlAttr(s.printTitles)}</${q}definedName>`,
    )
    .join('');
  for (const n of names) {
    const text =
      `<${q}definedName name="${xmlAttr(n.name)}"${n.hidden ? ' hidden="1"' : ''}>` +
      `${xmlText(n.formula)}</${q}definedName>`;
    const old = workbookNamesCalled(root, n.name);
    if (old.length === 0) appended += text;
    old.forEach((el, i) =>
      splices.push({ at: el.start, remove: el.end - el.start, text: i === 0 ? text : '' }),
    );
  }
  if (appended !== '') {
    if (definedNames.length > 0) {
      // A workbook holds one definedNames (an empty `<definedNames/>` is opened for the names).
      splices.push(appendInto(definedNames[0], appended));
    } else {
      // `definedNames` follows sheets, functionGroups and externalReferences.
      const after = ['externalReferences', 'functionGroups', 'sheets']
        .map((local) => childrenNamed(root, local)[0])
        .find((el) => el !== undefined)!;
      const text = `<${q}definedNames>${appended}</${q}definedNames>`;
      splices.push({ at: after.end, remove: 0, text });
    }
  }
  return applySplices(xml, splices);
}

/**
 * True when the edited sheet index (`xml`, scanned as `root`) ends with `sheets`, each with its
 * print titles, and holds each of `names` once, as set.
 */
export function hasSheets(
  root: XmlElement,
  sheets: readonly NewSheet[],
  xml: string,
  names: readonly WorkbookName[] = [],
): boolean {
  const all = sheetElements(root);
  const definedNames = childrenNamed(root, 'definedNames');
  if (definedNames.length > 1) return false;
  const titles = definedNames.flatMap((d) => childrenNamed(d, 'definedName'));
  const named = names.every((n) => {
    const set = workbookNamesCalled(root, n.name);
    return (
      set.length === 1 &&
      attr(set[0], 'name') === n.name &&
      (attr(set[0], 'hidden') === '1') === (n.hidden === true) &&
      elementText(xml, set[0]) === n.formula
    );
  });
  return (
    named &&
    sheets.every((s, i) => {
      const at = all.length - sheets.length + i;
      const sheet = all[at];
      return (
        sheet !== undefined &&
        attr(sheet, 'name') === s.name &&
        relIdOf(sheet) === s.relId &&
        (s.printTitles === undefined ||
          titles.some(
            (t) =>
              attr(t, 'name') === '_xlnm.Print_Titles' && attr(t, 'localSheetId') === String(at),
          ))
      );
    })
  );
}

/** The relationships of a relationships part. */
export function relationshipsOf(root: XmlElement): Relationship[] {
  if (root.local !== 'Relationships') throw new Error('the relationships are not as expected');
  return childrenNamed(root, 'Relationship').map((e) => ({
    id: attr(e, 'Id') ?? '',
    type: attr(e, 'Type') ?? '',
    target: attr(e, 'Target') ?? '',
  }));
}

export function addRelationships(
  xml: string,
  rels: readonly Relationship[],
  root = scanXml(xml),
): string {
  relationshipsOf(root);
  const p = root.prefix;
  const text = rels
    .map(
      (rel) =>
        `<${p}Relationship Id="${xmlAttr(rel.id)}" Type="${xmlAttr(rel.type)}" Target="${xmlAttr(rel.target)}"/>`,
    )
    .join('');
  return applySplices(xml, [appendInto(root, text)]);
}

/** True when the edited relationships part holds each of `rels` once. */
export function hasRelationships(root: XmlElement, rels: readonly Relationship[]): boolean {
  const all = relationshipsOf(root);
  return rels.every((rel) => {
    const same = all.filter((r) => r.id === rel.id);
    return same.length === 1 && same[0].type === rel.type && same[0].target === rel.target;
  });
}

/** The parts the content types list by name (`/xl/styles.xml`), as written. */
export function overridesOf(root: XmlElement): ContentType[] {
  if (root.local !== 'Types') throw new Error("the package's content types are not as expected");
  return childrenNamed(root, 'Override').map((e) => ({
    partName: attr(e, 'PartName') ?? '',
    type: attr(e, 'ContentType') ?? '',
  }));
}

export function addContentTypes(
  xml: string,
  parts: readonly ContentType[],
  root = scanXml(xml),
): string {
  overridesOf(root);
  const p = root.prefix;
  const text = parts
    .map(
      (part) =>
        `<${p}Override PartName="${xmlAttr(part.partName)}" ContentType="${xmlAttr(part.type)}"/>`,
    )
    .join('');
  return applySplices(xml, [appendInto(root, text)]);
}

/** True when the edited content types list each of `parts` once (part names ignore case). */
export function hasContentTypes(root: XmlElement, parts: readonly ContentType[]): boolean {
  const all = overridesOf(root);
  return parts.every((part) => {
    const same = all.filter((o) => o.partName.toLowerCase() === part.partName.toLowerCase());
    return same.length === 1 && same[0].type === part.type;
  });
}
