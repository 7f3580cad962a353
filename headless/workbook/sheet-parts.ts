import { posix } from 'node:path';
import { err, ok, Result } from '../../src/result';
import { CellWrite, patchCells } from './cell-patch';
import { relationshipsOf, relIdOf, sheetElements } from './package-parts';
import { REL_NS } from './xml';
import { attr, scanXml } from './xml-scan';
import {
  deflatedEntry,
  findEndOfDirectory,
  inflate,
  OutEntry,
  rawData,
  readDirectory,
  writeZip,
} from './zip';

/**
 * Writes values into cells of existing sheets of a workbook package: each sheet's part is
 * found through the sheet index and its relationships, its cells are patched, and the package
 * is written again with every other part copied as it was stored, compressed bytes and all.
 */

const OFFICE_DOCUMENT = `${REL_NS}/officeDocument`;

export function writeCellsToPackage(
  data: Buffer,
  writes: ReadonlyMap<string, readonly CellWrite[]>,
): Result<Buffer> {
  if (writes.size === 0) return ok(data);
  const eocd = findEndOfDirectory(data);
  const directory = eocd < 0 ? null : readDirectory(data, eocd);
  if (!directory?.ok) return err(directory ? directory.error : 'not a zip package');
  const { entries, start } = directory.value;
  const byName = new Map(entries.map((e) => [e.name.replace(/^\//, ''), e]));
  const raw = (name: string): Buffer | undefined => {
    const e = byName.get(name);
    if (!e) return undefined;
    const r = rawData(data, e, start);
    if (!r.ok) throw new Error(r.error);
    return r.value;
  };
  const text = (name: string): string | undefined => {
    const e = byName.get(name);
    const bytes = raw(name);
    return e && bytes ? inflate(bytes, e.method, e.size + 1).toString('utf8') : undefined;
  };

  // Found by the elements a strict scan finds, so that markup in a comment never redirects a write.
  let sheets: ReturnType<typeof sheetElements>;
  let rels: ReturnType<typeof relationshipsOf>;
  let dir: string;
  try {
    const packageRels = text('_rels/.rels');
    const book = packageRels
      ? relationshipsOf(scanXml(packageRels)).find((r) => r.type === OFFICE_DOCUMENT)
      : undefined;
    const workbookPath = (book?.target ?? 'xl/workbook.xml').replace(/^\//, '');
    dir = posix.dirname(workbookPath);
    sheets = sheetElements(scanXml(text(workbookPath) ?? ''));
    rels = relationshipsOf(
      scanXml(text(`${dir}/_rels/${posix.basename(workbookPath)}.rels`) ?? ''),
    );
  } catch (e) {
    return err(
      `the workbook's sheet index cannot be read: ${e instanceof Error ? e.message : String(e)}`,
    );
  }

  const changed = new Map<string, Buffer>();
  for (const [sheet, cells] of writes) {
    const element = sheets.find(
      (s) => (attr(s, 'name') ?? '').toLowerCase() === sheet.toLowerCase(),
    );
    const relId = element && relIdOf(element);
    const target = rels.find((r) => r.id === relId)?.target;
    const path =
      target && (target.startsWith('/') ? target.slice(1) : posix.normalize(`${dir}/${target}`));
    const xml = path && text(path);
    if (!path || xml === undefined) return err(`cannot find the part that holds sheet ${sheet}`);
    const patched = patchCells(xml, cells, sheet);
    if (!patched.ok) return patched;
    changed.set(path, Buffer.from(patched.value, 'utf8'));
  }
  const out: OutEntry[] = entries.map((e) => {
    const content = changed.get(e.name.replace(/^\//, ''));
    return content
      ? deflatedEntry(e.name, content, e)
      : { ...e, raw: raw(e.name.replace(/^\//, ''))! };
  });
  return ok(writeZip(out));
}
