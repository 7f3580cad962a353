import { posix } from 'node:path';
import {
  addContentTypes,
  addRelationships,
  addSheetsToWorkbook,
  ContentType,
  hasContentTypes,
  hasRelationships,
  hasSheets,
  isStrictWorkbook,
  NewSheet,
  overridesOf,
  Relationship,
  relationshipsOf,
  sheetElements,
  strictRefusal,
  STYLES_REL,
  STYLES_TYPE,
  WorkbookName,
  workbookNameFormula,
  WORKSHEET_REL,
  WORKSHEET_TYPE,
} from './package-parts';
import { printTitlesRef, SheetContent, worksheetXml } from './sheet-xml';
import { addPraetorStyles, EMPTY_STYLES, hasPraetorStyles } from './styles';
import { REL_NS } from './xml';
import { attr, scanXml, XmlElement, XmlError } from './xml-scan';
import { deflatedEntry, OutEntry, writeZip } from './zip';
import { ZipPackage } from './zip-package';
import { sheetNameKey } from '../../src/sheet-names';

/**
 * Adds sheets to a workbook by editing its zip package: new worksheet parts, and insertions into
 * the sheet index (with any workbook-level defined names the caller sets), its relationships,
 * the content types and the styles. Every other part is carried over untouched, so charts,
 * pivot tables, macros and parts no library knows survive.
 * The parts edited must be well-formed XML, and each is checked once edited: a part the edits
 * could not extend as they should is a plain error, never a damaged output.
 */

const OFFICE_DOCUMENT = `${REL_NS}/officeDocument`;

type OpenPackage = ReturnType<typeof openPackage>;

/** The workbook part's path in the package: the one the package's relationships name. */
function workbookPathOf(pkg: OpenPackage): string {
  return (
    relationshipsOf(pkg.scan('_rels/.rels').root).find((r) => r.type === OFFICE_DOCUMENT)?.target ??
    'xl/workbook.xml'
  ).replace(/^\//, '');
}

/**
 * Whether the package's workbook part is written in Strict Open XML (see `addSheetsToPackage`);
 * false when the part cannot be read, which the reader names in its own words.
 */
export function isStrictPackage(source: Buffer | ZipPackage): boolean {
  try {
    const pkg = openPackage(ZipPackage.of(source));
    return isStrictWorkbook(pkg.scan(workbookPathOf(pkg)).root);
  } catch {
    return false;
  }
}

/**
 * The formula of a workbook-level defined name of the package's workbook part (which the
 * strict scanner reads: exceljs, and so Praetor's reader, keeps no defined names); undefined
 * when there is none, '' when it holds anything but text. Throws when the part is missing or
 * not well-formed, as `addSheetsToPackage` would.
 */
export function readWorkbookName(source: Buffer | ZipPackage, name: string): string | undefined {
  const pkg = openPackage(ZipPackage.of(source));
  const { xml, root } = pkg.scan(workbookPathOf(pkg));
  return workbookNameFormula(xml, name, root);
}

export interface AddSheetsOptions {
  /** Workbook-level defined names to set (each replacing the workbook's own of that name). */
  names?: readonly WorkbookName[];
  /** The command a refusal tells the user to run again on a re-saved workbook. */
  command?: string;
}

export async function addSheetsToPackage(
  source: Buffer | ZipPackage,
  sheets: readonly SheetContent[],
  options: AddSheetsOptions = {},
): Promise<Buffer> {
  const pkg = openPackage(ZipPackage.of(source));
  const workbookPath = workbookPathOf(pkg);
  const names = options.names ?? [];
  const dir = posix.dirname(workbookPath);
  const relsPath = `${dir}/_rels/${posix.basename(workbookPath)}.rels`;
  const typesPath = '[Content_Types].xml';
  const workbook = pkg.scan(workbookPath);
  if (isStrictWorkbook(workbook.root))
    throw new Error(strictRefusal(options.command ?? 'adjudicate'));
  const rels = pkg.scan(relsPath);
  const types = pkg.scan(typesPath);

  const taken = new Set(
    sheetElements(workbook.root).map((s) => sheetNameKey(attr(s, 'name') ?? '')),
  );
  for (const s of sheets) {
    if (taken.has(sheetNameKey(s.name))) {
      throw new Error(`the workbook already has a sheet ${s.name}`);
    }
    taken.add(sheetNameKey(s.name));
  }

  const existingRels = relationshipsOf(rels.root);
  const ids = new Set(existingRels.map((r) => r.id));
  const freshId = () => {
    let n = ids.size + 1;
    while (ids.has(`rId${n}`)) n++;
    ids.add(`rId${n}`);
    return `rId${n}`;
  };
  // A new part takes a name that no part has, and that the content types list for none.
  const listed = new Set(overridesOf(types.root).map((o) => o.partName.toLowerCase()));
  const free = (path: string) => !pkg.has(path) && !listed.has(`/${path}`.toLowerCase());
  const freeName = (folder: string, name: (n: number) => string) => {
    let n = 1;
    while (!free(`${folder}/${name(n)}`)) n++;
    return name(n);
  };
  const newRels: Relationship[] = [];
  const newTypes: ContentType[] = [];

  const stylesRel = existingRels.find((r) => r.type === STYLES_REL);
  let stylesPath: string;
  let stylesXml = EMPTY_STYLES;
  let stylesRoot: XmlElement | undefined;
  if (stylesRel === undefined) {
    // A styles part that no relationship names is not the workbook's: it is kept as it is.
    const target = freeName(dir, (n) => (n === 1 ? 'styles.xml' : `styles${n}.xml`));
    stylesPath = `${dir}/${target}`;
    newRels.push({ id: freshId(), type: STYLES_REL, target });
    newTypes.push({ partName: `/${stylesPath}`, type: STYLES_TYPE });
  } else {
    stylesPath = partPath(dir, stylesRel.target);
    ({ xml: stylesXml, root: stylesRoot } = pkg.scan(stylesPath));
    // exceljs, and so Praetor's reader, finds no styles in a prefixed `x:styleSheet`: the new
    // sheets' styled cells would not read back.
    if (stylesRoot.prefix !== '') throw cannotExtend('styles', stylesPath);
  }
  const styles = addPraetorStyles(stylesXml, stylesRoot);

  const added: NewSheet[] = sheets.map((sheet) => {
    const file = freeName(`${dir}/worksheets`, (n) => `sheet${n}.xml`);
    const path = `${dir}/worksheets/${file}`;
    const relId = freshId();
    newRels.push({ id: relId, type: WORKSHEET_REL, target: `worksheets/${file}` });
    newTypes.push({ partName: `/${path}`, type: WORKSHEET_TYPE });
    pkg.put(path, worksheetXml(sheet, styles.ids));
    return {
      name: sheet.name,
      relId,
      printTitles: printTitlesRef(sheet.name, sheet.printTitleRow),
    };
  });

  const edits: [
    what: string,
    path: string,
    xml: string,
    ok: (root: XmlElement, xml: string) => boolean,
  ][] = [
    ['styles', stylesPath, styles.xml, (root) => hasPraetorStyles(root, styles.ids)],
    [
      'relationships',
      relsPath,
      addRelationships(rels.xml, newRels, rels.root),
      (root) => hasRelationships(root, newRels),
    ],
    [
      'sheet index',
      workbookPath,
      addSheetsToWorkbook(workbook.xml, added, workbook.root, names),
      (root, xml) => hasSheets(root, added, xml, names),
    ],
    [
      'content types',
      typesPath,
      addContentTypes(types.xml, newTypes, types.root),
      (root) => hasContentTypes(root, newTypes),
    ],
  ];
  for (const [what, path, xml, ok] of edits) {
    if (!holds(xml, ok)) throw cannotExtend(what, path);
    pkg.put(path, xml);
  }
  return pkg.write();
}

/** True when `xml` is well-formed and `ok` of its root. */
function holds(xml: string, ok: (root: XmlElement, xml: string) => boolean): boolean {
  try {
    return ok(scanXml(xml), xml);
  } catch {
    return false;
  }
}

const cannotExtend = (what: string, path: string) =>
  new Error(
    `its ${what} part (${path}) is written in a way Praetor cannot extend safely; save the workbook again in Excel`,
  );

/** A relationship target, relative to the workbook's folder or absolute, as a package path. */
function partPath(dir: string, target: string): string {
  return target.startsWith('/') ? target.slice(1) : posix.normalize(`${dir}/${target}`);
}

/**
 * A package open for edits: parts are read on demand (or as the guard unpacked them); a changed
 * or new part is deflated anew and takes the stamp of the content types part (so the same
 * input gives the same bytes); every other part is written back exactly as it was stored.
 */
function openPackage(zip: ZipPackage) {
  const { entries, byName } = zip;
  const lower = new Set([...byName.keys()].map((k) => k.toLowerCase()));
  const changed = new Map<string, Buffer>();
  const stamp = byName.get('[Content_Types].xml') ?? entries[0];
  return {
    has: (path: string) => lower.has(path.toLowerCase()),
    /** A part's text and elements; throws when it is missing or not well-formed XML. */
    scan(path: string): { xml: string; root: XmlElement } {
      const xml = zip.text(path);
      if (xml === undefined) throw new Error(`the package has no ${path}`);
      try {
        return { xml, root: scanXml(xml) };
      } catch (e) {
        if (!(e instanceof XmlError)) throw e;
        throw new Error(
          `the file is damaged: its part ${path} is not well-formed XML (${e.message})`,
        );
      }
    },
    put(path: string, content: string) {
      changed.set(path, Buffer.from(content, 'utf8'));
      lower.add(path.toLowerCase());
    },
    write(): Buffer {
      const out: OutEntry[] = entries.map((e) => {
        const name = e.name.replace(/^\//, '');
        const content = changed.get(name);
        if (content) return deflatedEntry(e.name, content, e);
        // The fields of a deflated entry, in its order: writeZip then sees one shape only.
        const { method, time, date, crc, size } = e;
        return { name: e.name, method, time, date, crc, size, raw: zip.raw(e) };
      });
      for (const [name, content] of changed) {
        if (!byName.has(name)) out.push(deflatedEntry(name, content, stamp));
      }
      return writeZip(out);
    },
  };
}
