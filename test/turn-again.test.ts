import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CellWrite } from '../headless/workbook/cell-patch';
import { ordersFingerprint } from '../src/economy/orders-fingerprint';
import { grid, PURCHASES_HEADER, RANSOMS_HEADER } from './helpers/economy';
import { partChanges, parts, sha256 } from './helpers/workbooks';
import { blankCells, editedCells, playedGame, runPraetor, turnJson } from './helpers/turn-files';

/**
 * A turn's output records the orders it played, so that playing it again with the same orders
 * (income paid twice, purchases bought twice) is refused, and playing it with the next turn's
 * orders is not warned about.
 */

const REFUSED =
  "these orders were played by the turn that wrote this workbook (its Purchases and Ransoms are still that turn's): clear Purchases and Ransoms, or write the new turn's orders, before the next turn; or add --again to play them once more";
const REFUSED_EMPTY =
  "this workbook was written by a turn with no orders, and it still has none: playing it would pay the income again. Write the new turn's orders in Purchases or Ransoms, or add --again if this turn has none either";
const PLAYED_AGAIN =
  'these orders were played before, by the turn that wrote this workbook: they are played again (--again)';
const NOT_PLAYED_BEFORE =
  '--again: the workbook does not record these orders as played before; they were played once';
const OLD_WARNING = `the workbook already has a sheet "Turn report": is it a turn's output? Its orders may have been played before`;

const run = runPraetor;
const json = turnJson;
const played = playedGame;

const workbookXml = async (file: string) =>
  (await parts(readFileSync(file))).get('xl/workbook.xml')!.toString();

/** The workbook's `_Praetor_TurnOrders` names, as written. */
const namesIn = (xml: string) =>
  [...xml.matchAll(/<definedName [^>]*name="_Praetor_TurnOrders"[^>]*>[^<]*<\/definedName>/gi)].map(
    (m) => m[0],
  );

/** The workbook's `_Praetor_TurnRows` names, as written. */
const rowNamesIn = (xml: string) =>
  [...xml.matchAll(/<definedName [^>]*name="_Praetor_TurnRows"[^>]*>[^<]*<\/definedName>/gi)].map(
    (m) => m[0],
  );

/** Writes cells of a package in place (every other part, workbook.xml included, kept). */
const patched = (file: string, sheet: string, cells: CellWrite[], to: string): string =>
  editedCells(file, { [sheet]: cells }, to);

/** Cells of a table's body, rows 2 to rows + 1, all blank. */
const blank = blankCells;

/**
 * The output with the next turn's orders: Ann orders 2 Infantry (last turn 3), the other
 * purchases and the ransom cleared. No row is last turn's.
 */
function nextTurn(output: string, to: string): string {
  const purchases = patched(
    output,
    'Purchases',
    [{ row: 1, col: 2, value: 2 }, ...blank(6, 4, 2)],
    `${to}.p.xlsx`,
  );
  return patched(purchases, 'Ransoms', blank(1, 4), to);
}

async function treasuries(file: string): Promise<unknown[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.getWorksheet('Players')!;
  return [2, 3, 4, 5].map((r) => ws.getCell(`C${r}`).value);
}

describe('praetor turn: the same orders are not played twice', () => {
  it('refuses a turn output played again with its orders: an error, exit 1, no output', async () => {
    const { dir, output } = await played();
    const stamp = sha256(output);
    const r = await run('turn', output);
    expect(r.code).toBe(1);
    expect(r.out).toBe(`${output}: ${REFUSED}`);
    expect(existsSync(join(dir, 'game.turn.turn.xlsx'))).toBe(false);
    expect(sha256(output)).toBe(stamp);

    const j = await json('turn', output);
    expect(j.code).toBe(1);
    expect(j.file).toMatchObject({ input: output, output: null, errors: 1, error: REFUSED });
    expect(j.file.lines).toEqual([]);

    // With an output there already, the refusal is what is said, not "add --force".
    writeFileSync(join(dir, 'game.turn.turn.xlsx'), 'old');
    expect((await run('turn', output)).out).toBe(`${output}: ${REFUSED}`);
    expect(readFileSync(join(dir, 'game.turn.turn.xlsx'), 'utf8')).toBe('old');
  });

  it('--again plays them once more, and the report says so', async () => {
    const { dir, input, output } = await played();
    const r = await json('turn', output, '--again');
    expect(r.code).toBe(0);
    const again = join(dir, 'game.turn.turn.xlsx');
    expect(r.file.output).toBe(again);
    expect(r.file.warnings).toEqual([PLAYED_AGAIN]);
    expect(r.file.lines.at(-1)).toMatchObject({ step: 'warning', what: PLAYED_AGAIN });
    // The income paid and the purchases bought a second time.
    expect(await treasuries(input)).toEqual([40, 20, 15, 60]);
    expect(await treasuries(output)).toEqual([40, 5, 15, 60]);
    // Ann: 40 + 45 income (a city more) + 20 ransom - 30 for 3 Infantry; the catapults rejected.
    expect(await treasuries(again)).toEqual([75, 15, 15, 60]);
    expect(namesIn(await workbookXml(again))).toHaveLength(1);
    // The summary lists it among the warnings.
    const text = await run('turn', output, '--again', '--out', join(dir, 'out'));
    expect(text.out).toContain(`Warnings:\n  ${PLAYED_AGAIN}`);
  });

  it('--again on orders not played before says so on stderr, plays them once, exit 0', async () => {
    const { dir, input, output } = await played();
    // The example game records no orders; the output with the next turn's orders records others.
    const next = nextTurn(output, join(dir, 't2.xlsx'));
    for (const file of [input, next]) {
      const out = join(dir, `again-${file === input ? 'input' : 'next'}`);
      const text = await run('turn', file, '--again', '--out', out);
      expect(text.code).toBe(0);
      expect(text.err).toBe(`note: ${file}: ${NOT_PLAYED_BEFORE}`);
      expect(text.out).not.toContain(PLAYED_AGAIN);
      const j = await run('turn', file, '--again', '--out', `${out}-json`, '--json');
      expect(j.code).toBe(0);
      expect(j.err).toBe(`note: ${file}: ${NOT_PLAYED_BEFORE}`);
      const report = JSON.parse(j.out).files[0];
      expect(report.notes).toEqual([NOT_PLAYED_BEFORE]);
      expect(report.warnings).not.toContain(PLAYED_AGAIN);
    }
    // Orders played before, and orders without --again, get no note.
    const replay = await run('turn', output, '--again', '--json');
    expect(replay.err).toBe('');
    expect(JSON.parse(replay.out).files[0].notes).toEqual([]);
    const plain = await run('turn', next, '--json');
    expect(plain.err).toBe('');
    expect(JSON.parse(plain.out).files[0].notes).toEqual([]);
  });

  it("plays the output with the next turn's orders, without a warning; the name is set once, hidden", async () => {
    const { dir, input, output } = await played();
    const first = await json('turn', input, '--out', join(dir, 'first'));
    // Ann orders 2 Infantry instead of 3, the other rows cleared: new orders, in the same workbook.
    const next = nextTurn(output, join(dir, 't2.xlsx'));
    expect(await workbookXml(next)).toBe(await workbookXml(output));
    const r = await json('turn', next);
    expect(r.code).toBe(0);
    expect(r.file.warnings).toEqual(first.file.warnings);
    expect(r.file.lines.filter((l: { step: string }) => l.step === 'warning')).toEqual([]);
    const t3 = join(dir, 't2.turn.xlsx');
    const xml = await workbookXml(t3);
    const names = namesIn(xml);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^<definedName name="_Praetor_TurnOrders" hidden="1">"[0-9a-f]{64}"</);
    expect(names[0]).not.toBe(namesIn(await workbookXml(output))[0]);
    expect(xml.match(/<definedNames>/g)).toHaveLength(1);
    // And that output, in its turn, is refused with its own orders.
    expect((await run('turn', t3)).out).toContain(REFUSED);
  });

  it('changes only the parts it must on the second turn too, the name replaced in place', async () => {
    const { dir, output } = await played();
    const next = nextTurn(output, join(dir, 't2.xlsx'));
    expect((await run('turn', next)).code).toBe(0);
    const before = await parts(readFileSync(next));
    const after = await parts(readFileSync(join(dir, 't2.turn.xlsx')));
    const { changed, added } = partChanges(before, after);
    expect(changed).toEqual([
      '[Content_Types].xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet2.xml', // Players: treasuries
    ]);
    expect(added).toEqual(['xl/worksheets/sheet7.xml']);
    // workbook.xml: the new sheet and its print titles added, the fingerprint changed in place.
    const [was] = namesIn(before.get('xl/workbook.xml')!.toString());
    const [now] = namesIn(after.get('xl/workbook.xml')!.toString());
    expect(was).toMatch(/"[0-9a-f]{64}"/);
    expect(now).toMatch(/"[0-9a-f]{64}"/);
    expect(now).not.toBe(was);
    const strip = (xml: string) =>
      xml
        .replace(/<sheet name="Turn report \(2\)"[^>]*\/>/, '')
        .replace(/<definedName name="_xlnm.Print_Titles" localSheetId="6">[^<]*<\/definedName>/, '')
        .replace(/"[0-9a-f]{64}"/, '"HEX"')
        .replace(/(name="_Praetor_TurnRows" hidden="1">)[^<]*</, '$1ROWS<');
    expect(strip(after.get('xl/workbook.xml')!.toString())).toBe(
      strip(before.get('xl/workbook.xml')!.toString()),
    );
  });

  it('plays the output with its orders cleared; a turn of income alone played again is refused too', async () => {
    const { dir, output } = await played();
    const purchasesCleared = patched(output, 'Purchases', blank(7, 4), join(dir, 'p.xlsx'));
    const cleared = patched(purchasesCleared, 'Ransoms', blank(1, 4), join(dir, 't2.xlsx'));
    const r = await json('turn', cleared);
    expect(r.code).toBe(0);
    expect(r.file.warnings).toEqual([]);
    const steps = new Set(r.file.lines.map((l: { step: string }) => l.step));
    expect([...steps]).toEqual(['income', 'inflation']);

    const t3 = join(dir, 't2.turn.xlsx');
    const again = await run('turn', t3);
    expect(again.code).toBe(1);
    expect(again.out).toBe(`${t3}: ${REFUSED_EMPTY}`);
    expect(existsSync(join(dir, 't2.turn.turn.xlsx'))).toBe(false);
    expect((await run('turn', t3, '--again')).code).toBe(0);
  });

  it('still warns of a Turn report when the workbook records no orders (an older output)', async () => {
    const { dir, output } = await played();
    const zip = await JSZip.loadAsync(readFileSync(output));
    const xml = await zip.file('xl/workbook.xml')!.async('string');
    const [name] = namesIn(xml);
    const [rows] = rowNamesIn(xml);
    expect(name).toBeDefined();
    expect(rows).toBeDefined();
    zip.file('xl/workbook.xml', xml.replace(name, '').replace(rows, ''));
    const old = join(dir, 'old.xlsx');
    writeFileSync(old, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
    const r = await json('turn', old);
    expect(r.code).toBe(0);
    expect(r.file.warnings).toEqual([OLD_WARNING]);
    expect(namesIn(await workbookXml(join(dir, 'old.turn.xlsx')))).toHaveLength(1);

    // exceljs keeps no defined names: an output it saved again is such a workbook.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(output);
    const resaved = join(dir, 'resaved.xlsx');
    await wb.xlsx.writeFile(resaved);
    expect((await json('turn', resaved)).file.warnings).toEqual([OLD_WARNING]);
  });

  it('takes a name holding no fingerprint for none, and replaces it', async () => {
    const { dir, output } = await played();
    const zip = await JSZip.loadAsync(readFileSync(output));
    const xml = await zip.file('xl/workbook.xml')!.async('string');
    const [name] = namesIn(xml);
    const [rows] = rowNamesIn(xml);
    // Written by another tool: another case, a visible name, the quotes as entities.
    zip.file(
      'xl/workbook.xml',
      xml
        .replace(name, `<definedName name="_PRAETOR_TURNORDERS">&quot;not ours&quot;</definedName>`)
        .replace(rows, `<definedName name="_praetor_turnrows">{&quot;not&quot;,1}</definedName>`),
    );
    const other = join(dir, 'other.xlsx');
    writeFileSync(other, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
    const r = await json('turn', other);
    expect(r.code).toBe(0);
    expect(r.file.warnings).toEqual([OLD_WARNING]);
    const written = await workbookXml(join(dir, 'other.turn.xlsx'));
    const names = namesIn(written);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^<definedName name="_Praetor_TurnOrders" hidden="1">"[0-9a-f]{64}"</);
    expect(rowNamesIn(written)).toEqual([
      expect.stringMatching(/^<definedName name="_Praetor_TurnRows" hidden="1">\{"R /),
    ]);
  });
});

describe('ordersFingerprint', () => {
  const P = (rows: unknown[][], header: unknown[] = PURCHASES_HEADER) =>
    grid('Purchases', header, rows);
  const R = (rows: unknown[][], header: unknown[] = RANSOMS_HEADER) =>
    grid('Ransoms', header, rows);
  const orders = [
    ['Ann', 'Infantry', 3, ''],
    ['Bob', 'City', 1, 'Gallia'],
  ];
  const ransom = [['Bob', 'Marcus', 20, 'Ann']];
  const base = ordersFingerprint(P(orders), R(ransom)).hex;

  it('is the SHA-256 of the orders, the same for the same orders however they are laid out', () => {
    // The text docs/economy.md gives, hashed apart with Node's crypto.
    const text =
      'praetor turn orders 1\n' +
      '{"purchases":[["Ann","Infantry",3,null],["Bob","City",1,"Gallia"]],' +
      '"ransoms":[["Bob","Marcus",20,"Ann"]]}';
    expect(base).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    const same = [
      // Columns moved, headers in other words and case, a Notes column, blank rows and cells.
      ordersFingerprint(
        P(
          [
            [3, 'Infantry', 'Ann', '', 'paid'],
            [null, null, null, null, null],
            [1, 'City', ' Bob', 'Gallia ', ''],
          ],
          ['QTY', 'unit', 'Buyer', 'Where', 'Notes'],
        ),
        R([...ransom, [], ['', ' ']]),
      ),
      // A note on a row of its own, in a column the rules do not read.
      ordersFingerprint(
        P([...orders, ['', '', '', '', 'remember to ask Bob']], [...PURCHASES_HEADER, 'Notes']),
        R(ransom),
      ),
      // A formula whose saved value is the same, rich text, trailing blank cells.
      ordersFingerprint(
        P([
          [
            'Ann',
            { richText: [{ text: 'Infan' }, { text: 'try' }] },
            { formula: '1+2', result: 3 },
          ],
          ['Bob', 'City', 1, 'Gallia', null, ''],
        ]),
        R(ransom),
      ),
    ];
    for (const f of same) expect(f.hex).toBe(base);
  });

  it('changes with any order: a value, the rows’ order, a row more, the tables swapped', () => {
    const different = [
      ordersFingerprint(P([orders[0], ['Bob', 'City', 1, 'Roma']]), R(ransom)),
      ordersFingerprint(P([orders[1], orders[0]]), R(ransom)),
      ordersFingerprint(P([...orders, orders[0]]), R(ransom)),
      ordersFingerprint(P(orders), null),
      ordersFingerprint(P([['ann', 'Infantry', 3, ''], orders[1]]), R(ransom)),
    ];
    for (const f of different) expect(f.hex).not.toBe(base);
    expect(new Set(different.map((f) => f.hex)).size).toBe(different.length);
  });

  it('no orders: no table, an empty one and a header alone are the same, and empty', () => {
    const none = ordersFingerprint(null, null);
    expect(none.empty).toBe(true);
    expect(ordersFingerprint(P([]), R([[null, '']])).hex).toBe(none.hex);
    expect(ordersFingerprint(grid('Purchases', [], []), null).hex).toBe(none.hex);
    expect(ordersFingerprint(P(orders), null).empty).toBe(false);
    expect(ordersFingerprint(null, R(ransom)).empty).toBe(false);
  });
});
