import { posix } from 'node:path';
import {
  addContentTypes,
  addRelationships,
  addSheetsToWorkbook,
  NewSheet,
  relationshipIds,
  relationshipTarget,
  STYLES_REL,
  STYLES_TYPE,
  WORKSHEET_REL,
  WORKSHEET_TYPE,
} from './package-parts';
import { printTitlesRef, SheetContent, worksheetXml } from './sheet-xml';
import { addPraetorStyles, EMPTY_STYLES } from './styles';
import { attribute } from './xml';
import { deflatedEntry, OutEntry, writeZip } from './zip';
import { ZipPackage } from './zip-package';

/**
 * Adds sheets to a workbook by editing its zip package: new worksheet parts, and insertions into
 * the sheet index, its relationships, the content types and the styles. Every other part is
 * carried over untouched, so charts, pivot tables, macros and parts no library knows survive.
 */

const OFFICE_DOCUMENT =
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument';

export async function addSheetsToPackage(
  source: Buffer | ZipPackage,
  sheets: readonly SheetContent[],
): Promise<Buffer> {
  const pkg = openPackage(ZipPackage.of(source));
  const rootRels = pkg.text('_rels/.rels');
  const workbookPath = (relationshipTarget(rootRels, OFFICE_DOCUMENT) ?? 'xl/workbook.xml').replace(
    /^\//,
    '',
  );
  const dir = posix.dirname(workbookPath);
  const relsPath = `${dir}/_rels/${posix.basename(workbookPath)}.rels`;
  const workbookXml = pkg.text(workbookPath);
  const relsXml = pkg.text(relsPath);

  const taken = new Set(
    [...workbookXml.matchAll(/<(?:\w+:)?sheet\s[^>]*>/g)].map((m) =>
      (attribute(m[0], 'name') ?? '').toLowerCase(),
    ),
  );
  for (const s of sheets) {
    if (taken.has(s.name.toLowerCase())) {
      throw new Error(`the workbook already has a sheet ${s.name}`);
    }
    taken.add(s.name.toLowerCase());
  }

  const ids = relationshipIds(relsXml);
  const freshId = () => {
    let n = ids.size + 1;
    while (ids.has(`rId${n}`)) n++;
    ids.add(`rId${n}`);
    return `rId${n}`;
  };
  const newRels: { id: string; type: string; target: string }[] = [];
  const newTypes: { partName: string; type: string }[] = [];

  let stylesTarget = relationshipTarget(relsXml, STYLES_REL);
  let stylesXml = EMPTY_STYLES;
  if (stylesTarget === undefined) {
    stylesTarget = 'styles.xml';
    newRels.push({ id: freshId(), type: STYLES_REL, target: stylesTarget });
    newTypes.push({ partName: `/${dir}/${stylesTarget}`, type: STYLES_TYPE });
  } else {
    stylesXml = pkg.text(partPath(dir, stylesTarget));
  }
  const styles = addPraetorStyles(stylesXml);
  pkg.put(partPath(dir, stylesTarget), styles.xml);

  let n = 1;
  const added: NewSheet[] = sheets.map((sheet) => {
    while (pkg.has(`${dir}/worksheets/sheet${n}.xml`)) n++;
    const path = `${dir}/worksheets/sheet${n}.xml`;
    const relId = freshId();
    newRels.push({ id: relId, type: WORKSHEET_REL, target: `worksheets/sheet${n}.xml` });
    newTypes.push({ partName: `/${path}`, type: WORKSHEET_TYPE });
    pkg.put(path, worksheetXml(sheet, styles.ids));
    return {
      name: sheet.name,
      relId,
      printTitles: printTitlesRef(sheet.name, sheet.printTitleRow),
    };
  });

  pkg.put(relsPath, addRelationships(relsXml, newRels));
  pkg.put(workbookPath, addSheetsToWorkbook(workbookXml, added));
  pkg.put('[Content_Types].xml', addContentTypes(pkg.text('[Content_Types].xml'), newTypes));
  return pkg.write();
}

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
    has: (path: string) => lower.has(path.toLowerCase()) || changed.has(path),
    text(path: string): string {
      const text = zip.text(path);
      if (text === undefined) throw new Error(`the package has no ${path}`);
      return text;
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
