import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adjudicateFile } from '../headless/adjudicate-file';
import { outputPath } from '../headless/batch-inputs';
import { resolveBattle } from '../src/battle';
import { validateBattle } from '../src/battle-spec';
import {
  asXlsm,
  battle,
  FIXTURES,
  legion,
  parts,
  sha256,
  simpleSubmission,
  submission,
  tempDir,
} from './helpers/workbooks';

/**
 * Issue 4's promises checked end to end, through exceljs reading real files: where headers
 * are, ids in any case, formula-like text, replayable seeds, and the original package kept.
 */

const CHANGEABLE = new Set([
  'xl/workbook.xml',
  'xl/_rels/workbook.xml.rels',
  '[Content_Types].xml',
  'xl/styles.xml',
]);

async function run(name: string, data: Buffer) {
  const dir = tempDir();
  const input = join(dir, name);
  writeFileSync(input, data);
  const report = await adjudicateFile({ input, output: outputPath(input), force: false });
  return { dir, input, report };
}

async function sheetRows(path: string, name: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const rows: unknown[][] = [];
  wb.getWorksheet(name)!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** The children of one section of a styles part, in order. */
function children(xml: string, section: string, child: string): string[] {
  const body = new RegExp(`<${section}[\\s>][\\s\\S]*?</${section}>`).exec(xml)?.[0] ?? '';
  return body.match(new RegExp(`<${child}[\\s>/][\\s\\S]*?(?:/>|</${child}>)`, 'g')) ?? [];
}

describe('adjudicate: reading the workbook', () => {
  it('finds a header below blank rows, and names cells by their rows in the sheet', async () => {
    const wb = new ExcelJS.Workbook();
    const b = wb.addWorksheet('Battles');
    b.getRow(3).values = ['Battle', 'Seed'];
    b.getRow(4).values = ['H1', 'x'];
    b.getRow(6).values = ['H2', 'y'];
    const l = wb.addWorksheet('Legions');
    l.addRows([
      ['Side', 'Infantry', 'Battle'],
      ['Attacker', 3, 'H1'],
      ['Defender', 3, 'H1'],
      ['Attacker', 2, 'H2'],
    ]);
    const { report } = await run('row3.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(report).toMatchObject({ battles: 2, resolved: 1, errors: 1 });
    expect(report.results.map((r) => [r.id, r.where, r.error])).toEqual([
      ['H1', 'Battles!A4', null],
      ['H2', 'Battles!A6', expect.stringMatching(/^Battles!A6: battle "H2" has no defender/)],
    ]);
  });

  it('ids in any case: a legion joins its battle, a duplicate id stops both battles', async () => {
    const { report } = await run(
      'case.xlsx',
      await submission(
        [battle('B1', { Seed: 'a' }), battle('b1', { Seed: 'b' }), battle('Gallia', { Seed: 'c' })],
        [
          legion('B1', 'Attacker', 'M', 3),
          legion('B1', 'Defender', 'N', 3),
          legion('GALLIA', 'Attacker', 'O', 3),
          legion('gallia', 'Defender', 'P', 3),
        ],
      ),
    );
    expect(report).toMatchObject({ battles: 3, resolved: 1, errors: 2 });
    expect(report.problems).toEqual([]);
    expect(report.results.map((r) => [r.id, r.outcome !== null])).toEqual([
      ['B1', false],
      ['b1', false],
      ['Gallia', true],
    ]);
    expect(report.results[1].error).toBe(
      'Battles!A3: battle id "b1" is used twice (also at Battles!A2); ids must be unique',
    );
    expect(report.results[0].error).toMatch(/^Battles!A2: .*"B1".*unique/);
  });

  it('a zip package that is no spreadsheet is an error of its own, and nothing is written', async () => {
    const zip = new JSZip();
    zip.file(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    );
    zip.file('word/document.xml', '<w:document/>');
    const data = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const { dir, input, report } = await run('letter.xlsx', data);
    expect(report.errors).toBeGreaterThan(0);
    expect(report.battles).toBe(0);
    expect(report.output).toBeNull();
    expect(existsSync(join(dir, 'letter.praetor.xlsx'))).toBe(false);
    expect(sha256(input)).toBe(sha256(data));
  });
});

describe('adjudicate: what is written', () => {
  it("writes players' formula-like text as text, with Excel's quote prefix, never a formula", async () => {
    const { report } = await run(
      'f.xlsx',
      await submission(
        [battle('=B1', { Seed: '-3' }), battle('@x', { Seed: '+1' })],
        [
          legion('=B1', 'Attacker', '+M', 6),
          legion('=b1', 'Defender', '-N', 1),
          legion('@x', 'Attacker', '@L', 1),
          legion('@X', 'Defender', '=HYPERLINK("http://x")', 6),
        ],
      ),
    );
    expect(report).toMatchObject({ battles: 2, resolved: 2, errors: 0 });
    const out = await parts(readFileSync(report.output!));
    const xfs = children(out.get('xl/styles.xml')!.toString(), 'cellXfs', 'xf');
    const quoted = new Set(xfs.flatMap((xf, i) => (/quotePrefix="1"/.test(xf) ? [i] : [])));
    const added = [...out.keys()].filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n)).sort();
    const risky: string[] = [];
    for (const name of added.slice(2)) {
      const xml = out.get(name)!.toString();
      expect(xml).not.toMatch(/<f[\s>]/);
      for (const m of xml.matchAll(/<c r="(\w+)"(?: s="(\d+)")?[^>]*><is><t[^>]*>([^<]*)<\/t>/g)) {
        if (!/^[=+\-@]/.test(m[3])) continue;
        risky.push(m[3]);
        expect({ cell: m[1], text: m[3], quoted: quoted.has(Number(m[2])) }).toMatchObject({
          quoted: true,
        });
      }
    }
    expect(risky).toEqual(expect.arrayContaining(['=B1', '@x', '-3', '+1']));
    const results = await sheetRows(report.output!, 'Results');
    expect(results.slice(1).map((r) => [r[0], r[8]])).toEqual([
      ['=B1', '-3'],
      ['@x', '+1'],
    ]);
  });

  it('records the seed it used, derived or given: the core replays each battle from it', async () => {
    const { report } = await run('s.xlsx', await simpleSubmission());
    const rows = await sheetRows(report.output!, 'Results');
    const seeds = rows.slice(1).map((r) => r[8]);
    expect(seeds).toEqual(['alpha', 'B2 | Titus: 3 INF | 3 INF']);
    const specs = [
      { id: 'B1', attacker: 'Marcus: 4 INF 2 CAV 1 CAT', defender: 'Brutus: 5 INF', fort: 1 },
      { id: 'B2', attacker: 'Titus: 3 INF', defender: '3 INF' },
    ];
    specs.forEach(({ fort, ...spec }, i) => {
      const b = validateBattle({
        ...spec,
        seed: String(seeds[i]),
        ...(fort ? { options: { fort } } : {}),
      });
      if (!b.ok) throw new Error(b.error);
      const r = resolveBattle(b.value);
      if (!r.ok) throw new Error(r.error);
      const row = rows[i + 1];
      expect([row[1] || null, row[2], row[3], row[7]]).toEqual([
        r.value.winner,
        r.value.outcome,
        r.value.rounds,
        r.value.diceUsed,
      ]);
      expect(report.results[i]).toMatchObject({ seed: seeds[i], diceUsed: r.value.diceUsed });
    });
  });

  it('an .xlsm with a chart, image, names, validation and formatting: every other part kept', async () => {
    const xlsm = await asXlsm(readFileSync(join(FIXTURES, 'rich.xlsx')));
    const { input, report } = await run('rich.xlsm', xlsm);
    expect(report.output).toMatch(/rich\.praetor\.xlsm$/);
    expect(sha256(input)).toBe(sha256(xlsm));
    const before = await parts(xlsm);
    const after = await parts(readFileSync(report.output!));
    for (const [name, data] of before) {
      const kept = after.get(name);
      expect({ name, present: kept !== undefined }).toEqual({ name, present: true });
      if (!CHANGEABLE.has(name)) {
        expect({ name, same: kept!.equals(data) }).toEqual({ name, same: true });
      }
    }
    // Results and one Log per battle, nothing else.
    expect(after.size).toBe(before.size + 1 + report.resolved);
    // The changed parts only gain: every element of the original is still there, as it was.
    const elements = (xml: string, tag: string) =>
      xml.match(new RegExp(`<${tag}\\s[^>]*?(?:/>|>[^<]*</${tag}>)`, 'g')) ?? [];
    const keeps = (part: string, tags: string[]) => {
      const was = before.get(part)!.toString();
      const now = after.get(part)!.toString();
      for (const tag of tags) {
        const old = elements(was, tag);
        for (const e of old) expect(now).toContain(e);
      }
    };
    keeps('xl/workbook.xml', ['sheet', 'definedName']);
    keeps('xl/_rels/workbook.xml.rels', ['Relationship']);
    keeps('[Content_Types].xml', ['Default', 'Override']);
    // Existing styles keep their indices, so that no original cell changes its look.
    const was = before.get('xl/styles.xml')!.toString();
    const now = after.get('xl/styles.xml')!.toString();
    for (const [section, child] of [
      ['fonts', 'font'],
      ['fills', 'fill'],
      ['borders', 'border'],
      ['cellXfs', 'xf'],
    ]) {
      const old = children(was, section, child);
      expect(old.length).toBeGreaterThan(0);
      expect(children(now, section, child).slice(0, old.length)).toEqual(old);
    }
  });
});
