import { BATTLE_COLUMNS, LEGION_COLUMNS } from '../../headless/workbook/template';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Io } from '../../headless/io';

/** Workbooks, folders and streams for the tests. */

/** The template's headers: the submission workbook as Praetor documents it. */
export const BATTLES_HEADER = BATTLE_COLUMNS.map((c) => c.header);
export const LEGIONS_HEADER = LEGION_COLUMNS.map((c) => c.header);

/** The Units sheet of legion-battles battles, every column. */
export const UNITS_HEADER = [
  'Battle',
  'Side',
  'Unit',
  'Quality',
  'Strength',
  'Discipline',
  'Line of cohorts',
  'Pila',
  'Leader Charisma',
  'Leadership',
  'Supply',
  'Works',
  'Numbers',
  'Arrows',
  'Locked shields',
  'PC',
];

/** The Armies sheet of fortunes-of-war battles, every column. */
export const ARMIES_HEADER = [
  'Battle',
  'Side',
  'Army',
  'Attack',
  'Defence',
  'Missile',
  'Health',
  'Max health',
  'Morale',
  'Discipline',
  'Experience',
  'Specials',
  'Caste',
  'Terrain',
  'Leader',
  'Rank',
  'Leadership',
  'Melee',
  'Stealth',
  'Leader health',
  'Leader experience',
  'City',
  'City class',
  'Population',
  'Treasury',
  'Empire population',
  'Empire',
];

/** A Battles row: id, then the named columns. */
export function battle(id: string, cols: Partial<Record<string, unknown>> = {}): unknown[] {
  return BATTLES_HEADER.map((h, i) => (i === 0 ? id : (cols[h] ?? '')));
}

/** A Legions row: battle, side, leader, then INF CAV CAT GAL. */
export function legion(
  battleId: string,
  side: string,
  leader: string,
  inf: unknown = '',
  cav: unknown = '',
  cat: unknown = '',
  gal: unknown = '',
): unknown[] {
  return [battleId, side, 'Ann', leader, inf, cav, cat, gal];
}

export interface SubmissionOptions {
  /** Put the tables as Excel tables named Battles/Legions on one sheet called `Orders`. */
  asTables?: boolean;
  /** More sheets, by name (e.g. an existing `Results`). */
  extraSheets?: string[];
  battlesHeader?: unknown[];
  legionsHeader?: unknown[];
  omit?: 'Battles' | 'Legions';
}

export async function submission(
  battles: unknown[][],
  legions: unknown[][],
  options: SubmissionOptions = {},
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const bHeader = options.battlesHeader ?? BATTLES_HEADER;
  const lHeader = options.legionsHeader ?? LEGIONS_HEADER;
  if (options.asTables) {
    const ws = wb.addWorksheet('Orders');
    ws.addTable({
      name: 'Battles',
      ref: 'B2',
      columns: bHeader.map((h) => ({ name: String(h) })),
      rows: battles,
    });
    ws.addTable({
      name: 'Legions',
      ref: `B${battles.length + 6}`,
      columns: lHeader.map((h) => ({ name: String(h) })),
      rows: legions,
    });
  } else {
    if (options.omit !== 'Battles') wb.addWorksheet('Battles').addRows([bHeader, ...battles]);
    if (options.omit !== 'Legions') wb.addWorksheet('Legions').addRows([lHeader, ...legions]);
  }
  for (const name of options.extraSheets ?? []) wb.addWorksheet(name).addRow(['kept']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A plain two-battle submission that resolves cleanly. */
export const simpleSubmission = () =>
  submission(
    [battle('B1', { Fort: 1, Seed: 'alpha' }), battle('B2')],
    [
      legion('B1', 'Attacker', 'Marcus', 4, 2, 1),
      legion('B1', 'Defender', 'Brutus', 5),
      legion('B2', 'Attacker', 'Titus', 3),
      legion('B2', 'Defender', '', 3),
    ],
  );

/**
 * Battle B1 (with its `Seed`) and the `Legions` rows given, with `merges` over them (`C2:C3`),
 * as exceljs writes a merge: the value in its top-left cell, the others blank.
 */
export function mergedLegions(
  seed: string,
  legions: unknown[][],
  merges: readonly string[],
): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Battles').addRows([
    ['Battle', 'Seed'],
    ['B1', seed],
  ]);
  const sheet = wb.addWorksheet('Legions');
  sheet.addRows(legions);
  for (const range of merges) sheet.mergeCells(range);
  return wb;
}

export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'praetor-test-'));

export const sha256 = (data: Buffer | string): string =>
  createHash('sha256')
    .update(typeof data === 'string' ? readFileSync(data) : data)
    .digest('hex');

/** Every part of a package, uncompressed. */
export async function parts(data: Buffer): Promise<Map<string, Buffer>> {
  const zip = await JSZip.loadAsync(data);
  const out = new Map<string, Buffer>();
  for (const [name, file] of Object.entries(zip.files)) {
    if (!file.dir) out.set(name, await file.async('nodebuffer'));
  }
  return out;
}

/** The parts (as `parts` gives them) that `after` changed from `before`, and those it added. */
export function partChanges(
  before: ReadonlyMap<string, Buffer>,
  after: ReadonlyMap<string, Buffer>,
): { changed: string[]; added: string[] } {
  return {
    changed: [...before.keys()].filter((n) => !after.get(n)?.equals(before.get(n)!)).sort(),
    added: [...after.keys()].filter((n) => !before.has(n)).sort(),
  };
}

export const FIXTURES = join(__dirname, '..', 'fixtures');

/**
 * The rich fixture turned macro-enabled: a VBA project part (bytes no library would rewrite
 * alike), its relationship, and the macro-enabled workbook content type.
 */
export async function asXlsm(data: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(data);
  const vba = Buffer.alloc(1536);
  vba.write('\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1', 'latin1');
  for (let i = 8; i < vba.length; i++) vba[i] = (i * 37) & 0xff;
  zip.file('xl/vbaProject.bin', vba);
  const rels = await zip.file('xl/_rels/workbook.xml.rels')!.async('string');
  zip.file(
    'xl/_rels/workbook.xml.rels',
    rels.replace(
      '</Relationships>',
      '<Relationship Id="rIdVba" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/></Relationships>',
    ),
  );
  const types = await zip.file('[Content_Types].xml')!.async('string');
  zip.file(
    '[Content_Types].xml',
    types
      .replace(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
        'application/vnd.ms-excel.sheet.macroEnabled.main+xml',
      )
      .replace(
        '</Types>',
        '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/></Types>',
      ),
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** An Io that keeps what a command writes. */
export function bufferIo(): Io & { stdout: () => string; stderr: () => string } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    stdout: () => out.join('\n'),
    stderr: () => err.join('\n'),
  };
}
