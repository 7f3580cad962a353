import { attribute, namespacePrefix, REL_NS, rootPrefix, xmlAttr } from './xml';

/**
 * Edits of the four package parts that must change when sheets are added: the workbook's sheet
 * index (and print titles), its relationships, the content types and the styles. Each edit
 * inserts text into the part as it is, leaving everything else in it as the author wrote it.
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

/** Inserts `text` before the first match of `pattern`; throws when the part lacks it. */
function insertBefore(xml: string, pattern: RegExp, text: string, what: string): string {
  const m = pattern.exec(xml);
  if (!m) throw new Error(`the workbook's ${what} is not as expected`);
  return xml.slice(0, m.index) + text + xml.slice(m.index);
}

/** Appends sheets to `<sheets>` and their print titles to `<definedNames>`. */
export function addSheetsToWorkbook(xml: string, sheets: readonly NewSheet[]): string {
  const p = rootPrefix(xml, 'workbook');
  const r = namespacePrefix(xml, REL_NS);
  const existing = [...xml.matchAll(new RegExp(`<${p}sheet\\s[^>]*>`, 'g'))];
  let nextId = Math.max(0, ...existing.map((m) => Number(attribute(m[0], 'sheetId')) || 0)) + 1;
  const sheetXml = sheets
    .map(
      (s) =>
        `<${p}sheet name="${xmlAttr(s.name)}" sheetId="${nextId++}" ` +
        (r ? `${r}id="${s.relId}"/>` : `xmlns:r="${REL_NS}" r:id="${s.relId}"/>`),
    )
    .join('');
  let out = insertBefore(xml, new RegExp(`</${p}sheets>`), sheetXml, 'sheet index');
  const names = sheets
    .map((s, i) =>
      s.printTitles === undefined
        ? ''
        : `<${p}definedName name="_xlnm.Print_Titles" localSheetId="${existing.length + i}">${xmlAttr(s.printTitles)}</${p}definedName>`,
    )
    .join('');
  if (names === '') return out;
  // A workbook holds one definedNames: an empty `<definedNames/>` is opened to take the names.
  out = out.replace(
    new RegExp(`<${p}definedNames(\\s[^>]*?)?/>`),
    `<${p}definedNames$1></${p}definedNames>`,
  );
  if (new RegExp(`</${p}definedNames>`).test(out)) {
    return insertBefore(out, new RegExp(`</${p}definedNames>`), names, 'defined names');
  }
  // `definedNames` follows sheets, functionGroups and externalReferences.
  const after = [`</${p}externalReferences>`, `</${p}functionGroups>`, `</${p}sheets>`].find(
    (tag) => out.includes(tag),
  )!;
  const at = out.indexOf(after) + after.length;
  out = `${out.slice(0, at)}<${p}definedNames>${names}</${p}definedNames>${out.slice(at)}`;
  return out;
}

/** The ids already used in a relationships part. */
export const relationshipIds = (xml: string): Set<string> =>
  new Set([...xml.matchAll(/<(?:\w+:)?Relationship\s[^>]*>/g)].map((m) => attribute(m[0], 'Id')!));

export function addRelationships(
  xml: string,
  rels: readonly { id: string; type: string; target: string }[],
): string {
  const p = rootPrefix(xml, 'Relationships');
  const text = rels
    .map(
      (rel) =>
        `<${p}Relationship Id="${rel.id}" Type="${rel.type}" Target="${xmlAttr(rel.target)}"/>`,
    )
    .join('');
  if (new RegExp(`<${p}Relationships[^>]*/>`).test(xml)) {
    return xml.replace(
      new RegExp(`<${p}Relationships([^>]*)/>`),
      `<${p}Relationships$1>${text}</${p}Relationships>`,
    );
  }
  return insertBefore(xml, new RegExp(`</${p}Relationships>`), text, 'relationships');
}

export function addContentTypes(
  xml: string,
  parts: readonly { partName: string; type: string }[],
): string {
  const p = rootPrefix(xml, 'Types');
  const text = parts
    .map(
      (part) => `<${p}Override PartName="${xmlAttr(part.partName)}" ContentType="${part.type}"/>`,
    )
    .join('');
  return insertBefore(xml, new RegExp(`</${p}Types>`), text, 'content types');
}

/** The target (path inside the package) of the first relationship of `type`, if any. */
export function relationshipTarget(relsXml: string, type: string): string | undefined {
  for (const m of relsXml.matchAll(/<(?:\w+:)?Relationship\s[^>]*>/g)) {
    if (attribute(m[0], 'Type') === type) return attribute(m[0], 'Target');
  }
  return undefined;
}
