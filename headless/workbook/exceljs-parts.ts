import { Relationship, RelationshipsXform, Xform } from './exceljs-internals';
import { ZipPackage } from './zip-package';

/**
 * A workbook's parts as exceljs is given them: each part's text, parsed by an xform of exceljs,
 * its failure named to the user (a `WorkbookReadError` naming the part), never exceljs' own
 * message.
 */

/** A workbook exceljs cannot read, said in plain words that name the part or cell at fault. */
export class WorkbookReadError extends Error {}

/** What the user is told of an error while reading: never exceljs' or its parser's own text. */
export function readFailure(e: unknown): string {
  return e instanceof WorkbookReadError
    ? e.message
    : 'it is damaged or written in a way Praetor cannot read: open the file in Excel and save it again';
}

/** A part to parse: its name, its text, and the sheet it belongs to, if any. */
export interface Part {
  path: string;
  text: string;
  sheet?: string;
}

/** The sheet a part belongs to, for messages. */
export const ofSheet = (sheet?: string) => (sheet === undefined ? '' : ` (sheet "${sheet}")`);

/** A part exceljs failed on, or that it read as nothing. */
export function unreadable(part: Part): WorkbookReadError {
  const root = /<([^\s?!/>][^\s/>]*)/.exec(part.text)?.[1] ?? '';
  const why = root.includes(':')
    ? `is written with a namespace prefix (<${root}>), which Praetor does not read`
    : 'is damaged or written in a way Praetor cannot read';
  return new WorkbookReadError(
    `part ${part.path}${ofSheet(part.sheet)} ${why}: open the file in Excel and save it again`,
  );
}

/** A part that should be there and is not. */
export const missing = (what: string) => new WorkbookReadError(`the file is damaged: ${what}`);

/** The text of a part, or undefined when the package has none. */
export function partText(pkg: ZipPackage, path: string, sheet?: string): Part | undefined {
  const entry = pkg.byName.get(path);
  return entry && { path, text: pkg.content(entry).toString('utf8'), sheet };
}

/** A part parsed by an xform of exceljs; its failure, or nothing read, names the part. */
export async function parse<T>(xform: Xform, part: Part): Promise<T> {
  let parsed: unknown;
  try {
    parsed = await xform.parseStream([part.text]);
  } catch {
    throw unreadable(part);
  }
  if (parsed === undefined || parsed === null) throw unreadable(part);
  return parsed as T;
}

/** Runs one step of exceljs' reconciling on a part's model: its failure names the part. */
export function attempt(part: Part, step: () => void, diagnose: () => void = () => {}): void {
  try {
    step();
  } catch {
    diagnose();
    throw unreadable(part);
  }
}

/** Where a relationship of the part at `from` points, as a part name. */
export function resolve(from: string, target: string): string {
  const path = target.startsWith('/') ? [] : from.split('/').slice(0, -1);
  for (const step of target.split('/')) {
    if (step === '..') path.pop();
    else if (step !== '.' && step !== '') path.push(step);
  }
  return path.join('/');
}

/** The relationships of the part at `path` (`dir/_rels/name.rels`), if it has any. */
export async function relationshipsOf(pkg: ZipPackage, path: string, sheet?: string) {
  const cut = path.lastIndexOf('/') + 1;
  const rels = partText(pkg, `${path.slice(0, cut)}_rels/${path.slice(cut)}.rels`, sheet);
  return rels ? parse<Relationship[]>(new RelationshipsXform(), rels) : [];
}

export const isType = (rel: Relationship, type: string) => (rel.Type ?? '').endsWith(`/${type}`);
