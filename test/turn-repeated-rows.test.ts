import ExcelJS from 'exceljs';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CellWrite } from '../headless/workbook/cell-patch';
import { readWorkbookName } from '../headless/workbook/write';
import {
  heldBack,
  MAX_RECORD,
  orderRows,
  recordedRows,
  repeatsOf,
  repeatWarnings,
  rowsRecord,
} from '../src/economy/repeated-orders';
import { grid, PURCHASES_HEADER, RANSOMS_HEADER } from './helpers/economy';
import { blankCells, editedCells, playedGame, runPraetor, turnJson } from './helpers/turn-files';

/**
 * A turn's output records each order row it played, so that a row of the next turn left as it
 * was (a ransom paid twice, units bought twice) is named even when other orders were edited,
 * which the fingerprint of all the orders (turn-again.test.ts) no longer tells. The example
 * game played once holds seven purchases (Purchases!A2 to A8) and one ransom, Bob paying Ann 20
 * for Marcus (Ransoms!A2).
 */

const BY = 'in the orders of the turn that wrote this workbook';
const RANSOM_HELD = `Ransoms!A2: repeats the ransom at Ransoms!A2 ${BY} (Payer Bob, General Marcus, Amount 20, Captor Ann): not paid again. Clear the row if it is last turn's, or add --again (and --force, to replace this output) to pay it once more`;
const RANSOM_AGAIN = `Ransoms!A2: repeats the ransom at Ransoms!A2 ${BY} (Payer Bob, General Marcus, Amount 20, Captor Ann): paid again (--again)`;
const purchaseWarning = (at: string, was: string, what: string) =>
  `${at}: repeats the purchase at ${was} ${BY} (${what}): played again, as a purchase may be repeated; clear the row if it is last turn's`;
/** Rows as the record keeps them, every one done. */
const done = <T extends object>(rows: T[]) => rows.map((r) => ({ ...r, done: true }));

const PURCHASES = [
  'Player Ann, Item Infantry, Quantity 3',
  'Player Ann, Item City, Quantity 1, Territory Neapolis',
  'Player Ann, Item Catapult, Quantity 2',
  'Player Bob, Item Cavalry, Quantity 1, Territory Gallia',
  'Player Bob, Item Upgrade, Quantity 1, Territory Gallia',
  'Player Bob, Item Infantry, Quantity 2, Territory Belgica',
  'Player Dido, Item Infantry, Quantity 1',
];
const PURCHASE_HELD = `Purchases!A2: repeats the purchase at Purchases!A2 ${BY} (${PURCHASES[0]}), as every row of Purchases repeats one: the table is last turn's, and nothing in it is bought again. Clear Purchases or write this turn's orders, or add --again (and --force, to replace this output) to buy them once more`;

const run = runPraetor;
const json = turnJson;
const played = playedGame;

/** Writes cells of the package's sheets in place, as Excel would: the names are kept. */
const edited = editedCells;
const blank = blankCells;

const row = (r: number, values: (string | number)[]): CellWrite[] =>
  values.map((value, col) => ({ row: r, col, value }));

async function treasuries(file: string): Promise<unknown[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.getWorksheet('Players')!;
  return [2, 3, 4, 5].map((r) => ws.getCell(`C${r}`).value);
}

type Line = { step: string; at: string; result: string; reason: string; what: string };

describe('praetor turn: rows left from the last turn, other orders edited', () => {
  it("does not pay a ransom left from the last turn when one purchase was edited (the reviewer's case)", async () => {
    const { dir, output } = await played();
    // Purchases!C2, 3 -> 1; the ransom and the other six purchases left as they were.
    const game3 = edited(
      output,
      { Purchases: [{ row: 1, col: 2, value: 1 }] },
      join(dir, 'g3.xlsx'),
    );
    const r = await json('turn', game3);
    expect(r.code).toBe(1);
    expect(r.file.output).toBe(join(dir, 'g3.turn.xlsx'));
    expect(r.file.errors).toBe(1);
    const ransoms = r.file.lines.filter((l: Line) => l.step === 'ransom');
    expect(ransoms).toEqual([
      expect.objectContaining({ at: 'Ransoms!A2', result: 'error', reason: RANSOM_HELD }),
    ]);
    // The six purchases left are played (the edited one is new). The one bought last turn and
    // again now is warned of (Bob's Cavalry, A5); A3 was bought last turn and is rejected now (its
    // city is built); A4, A6-A8 were rejected last turn, and are tried again as new.
    expect(r.file.warnings).toEqual([
      purchaseWarning('Purchases!A5', 'Purchases!A5', PURCHASES[3]),
    ]);
    const warned = r.file.lines.filter((l: Line) => l.step === 'warning').map((l: Line) => l.what);
    expect(warned).toEqual(r.file.warnings);
    // Bob 5 + 30 income, no ransom, 25 for a Cavalry; Ann 40 + 45, 10 for 1 Infantry.
    expect(await treasuries(join(dir, 'g3.turn.xlsx'))).toEqual([75, 10, 15, 60]);

    const text = await run('turn', game3, '--out', join(dir, 'text'));
    expect(text.code).toBe(1);
    expect(text.out).toContain('5 rejected, 1 errors\n');
    expect(text.out).toContain(`Errors:\n  ${RANSOM_HELD}\n`);
    expect(text.out).toContain(
      `Warnings:\n  ${purchaseWarning('Purchases!A5', 'Purchases!A5', PURCHASES[3])}`,
    );
  });

  it('--again pays the ransom once more, with a warning, and no note', async () => {
    const { dir, output } = await played();
    const game3 = edited(
      output,
      { Purchases: [{ row: 1, col: 2, value: 1 }] },
      join(dir, 'g3.xlsx'),
    );
    const r = await json('turn', game3, '--again');
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.file.notes).toEqual([]);
    expect(r.file.errors).toBe(0);
    // The purchases bought last turn are rejected now (Bob's 15 left buy no Cavalry at 25, A3's
    // city is built): only what is done again is warned of.
    expect(r.file.warnings).toEqual([RANSOM_AGAIN]);
    // As before the rows were recorded: Bob pays 20 again (5 + 30 - 20).
    expect(await treasuries(join(dir, 'g3.turn.xlsx'))).toEqual([15, 15, 15, 60]);
  });

  it('buys nothing of a Purchases table left whole from the last turn, the ransom cleared', async () => {
    const { dir, output } = await played();
    const next = edited(output, { Ransoms: blank(1, 4) }, join(dir, 'p.xlsx'));
    const r = await json('turn', next);
    expect(r.code).toBe(1);
    const purchases = r.file.lines.filter((l: Line) => l.step === 'purchase');
    expect(purchases.map((l: Line) => [l.at, l.result])).toEqual(
      PURCHASES.map((_, i) => [`Purchases!A${i + 2}`, 'error']),
    );
    expect(purchases[0].reason).toBe(PURCHASE_HELD);
    expect(r.file.errors).toBe(7);
    expect(r.file.warnings).toEqual([]);
    // Income alone.
    expect(await treasuries(join(dir, 'p.turn.xlsx'))).toEqual([85, 35, 15, 60]);

    // The rows in another order are still the table left whole.
    const swapped = edited(
      next,
      {
        Purchases: [...row(1, ['Dido', 'Infantry', 1, '']), ...row(7, ['Ann', 'Infantry', 3, ''])],
      },
      join(dir, 's.xlsx'),
    );
    expect((await json('turn', swapped)).file.errors).toBe(7);

    // --again plays them, a warning for each bought again (Ann's Infantry, Bob's Cavalry).
    const again = await json('turn', next, '--again', '--out', join(dir, 'again'));
    expect(again.code).toBe(0);
    expect(again.file.warnings.map((w: string) => w.slice(0, 13))).toEqual([
      'Purchases!A2:',
      'Purchases!A5:',
    ]);
    expect(again.file.warnings.every((w: string) => w.endsWith('played again (--again)'))).toBe(
      true,
    );
  });

  it('finds a row left from the last turn where it moved to, and plays an edited one as new', async () => {
    const { dir, output } = await played();
    // Purchases: Bob's Cavalry (last turn's A5, bought) moved up to A2, Ann's catapults now 1.
    // Ransoms: last turn's ransom moved down to A3, a new one at A2.
    const next = edited(
      output,
      {
        Purchases: [
          ...blank(7, 4),
          ...row(1, ['Bob', 'Cavalry', 1, 'Gallia']),
          ...row(2, ['Ann', 'Catapult', 1, '']),
        ],
        Ransoms: [...row(1, ['Ann', 'Titus', 5, 'Bob']), ...row(2, ['Bob', 'Marcus', 20, 'Ann'])],
      },
      join(dir, 'm.xlsx'),
    );
    const r = await json('turn', next);
    expect(r.code).toBe(1);
    expect(r.file.warnings).toEqual([
      purchaseWarning('Purchases!A2', 'Purchases!A5', PURCHASES[3]),
    ]);
    const ransoms = r.file.lines
      .filter((l: Line) => l.step === 'ransom')
      .map((l: Line) => [l.at, l.result, l.reason]);
    expect(ransoms).toEqual([
      ['Ransoms!A2', 'done', ''],
      ['Ransoms!A2', 'done', ''],
      ['Ransoms!A3', 'error', RANSOM_HELD.replace(/^Ransoms!A2/, 'Ransoms!A3')],
    ]);

    // The ransom's amount changed: a new order, paid without a word.
    const amount = edited(
      output,
      { Ransoms: [{ row: 1, col: 2, value: 25 }], Purchases: blank(7, 4) },
      join(dir, 'a.xlsx'),
    );
    const paid = await json('turn', amount);
    expect(paid.code).toBe(0);
    expect(paid.file.warnings).toEqual([]);
    expect(paid.file.lines.filter((l: Line) => l.step === 'ransom')[0].result).toBe('done');
  });

  it('each output records the rows it played: a turn after that is checked against its own', async () => {
    const { dir, output } = await played();
    const game3 = edited(
      output,
      { Purchases: [{ row: 1, col: 2, value: 1 }] },
      join(dir, 'g3.xlsx'),
    );
    expect((await run('turn', game3)).code).toBe(1);
    const out3 = join(dir, 'g3.turn.xlsx');
    // g3's output recorded Ann's 1 Infantry and the ransom it held back, as written.
    const rows = recordedRows(readWorkbookName(readFileSync(out3), '_Praetor_TurnRows'));
    // Done: what was done now (A2, A5), and what repeats a row done before (the ransom held
    // back, A3's city bought last turn): they stay held back or warned of next turn.
    expect(rows?.map((r) => [r.at, r.done])).toEqual([
      ['Ransoms!A2', true],
      ...PURCHASES.map((_, i) => [`Purchases!A${i + 2}`, [0, 1, 3].includes(i)]),
    ]);
    const next = edited(out3, { Purchases: [{ row: 1, col: 2, value: 4 }] }, join(dir, 'g4.xlsx'));
    const r = await json('turn', next);
    // Bob's Cavalry, bought again; the ransom, held back again (it was paid two turns ago).
    expect(r.file.warnings).toEqual([
      purchaseWarning('Purchases!A5', 'Purchases!A5', PURCHASES[3]),
    ]);
    expect(r.file.lines.find((l: Line) => l.step === 'ransom').reason).toBe(RANSOM_HELD);
  });
});

describe('praetor turn: the same orders in another order', () => {
  it('refuses them as the turn played, writing nothing, unless --again', async () => {
    const { dir, output } = await played();
    // Purchases A2 and A3 swapped (a table sorted), the ransom left: the same orders.
    const sorted = edited(
      output,
      {
        Purchases: [
          ...row(1, ['Ann', 'City', 1, 'Neapolis']),
          ...row(2, ['Ann', 'Infantry', 3, '']),
        ],
      },
      join(dir, 's.xlsx'),
    );
    const before = await treasuries(sorted);
    const r = await run('turn', sorted);
    expect(r.code).toBe(1);
    expect(r.err + r.out).toContain(
      'these orders were played by the turn that wrote this workbook',
    );
    expect(existsSync(join(dir, 's.turn.xlsx'))).toBe(false);
    expect(await treasuries(sorted)).toEqual(before);
    const again = await json('turn', sorted, '--again');
    expect(again.code).toBe(0);
    expect(again.file.warnings).toContain(
      'these orders were played before, by the turn that wrote this workbook: they are played again (--again)',
    );
  });

  it('plays a ransom rejected last turn when it is given again: never paid, it is not held back', async () => {
    const { dir, output } = await played();
    // Last turn: Bob could not pay 1000. This turn the same ransom, and a new purchase.
    const first = edited(
      output,
      { Ransoms: [{ row: 1, col: 2, value: 1000 }] },
      join(dir, 'f.xlsx'),
    );
    expect((await run('turn', first, '--again')).code).toBe(0);
    const next = edited(
      join(dir, 'f.turn.xlsx'),
      { Purchases: [...blank(7, 4), ...row(1, ['Ann', 'Infantry', 1, ''])] },
      join(dir, 'n.xlsx'),
    );
    const r = await json('turn', next);
    const ransom = r.file.lines.find((l: Line) => l.step === 'ransom');
    expect([ransom.result, ransom.reason]).toEqual([
      'rejected',
      expect.stringMatching(/less than the 1000 asked/),
    ]);
    expect(r.file.warnings).toEqual([]);
  });
});

describe('the record of the rows played', () => {
  const P = (rows: unknown[][], sheet = 'Purchases') => grid(sheet, PURCHASES_HEADER, rows);
  const R = (rows: unknown[][]) => grid('Ransoms', RANSOMS_HEADER, rows);

  it('reads back what it writes, any sheet name; takes anything else for no record', () => {
    const rows = orderRows(
      P([['Ann', 'Infantry', 3, ''], [], ['Bob', 'City', 1, 'Gallia']], 'My "buys"'),
      R([['Bob', 'Marcus', 20, 'Ann']]),
    );
    expect(rows.map((r) => r.at)).toEqual(['Ransoms!A2', `'My "buys"'!A2`, `'My "buys"'!A4`]);
    // The second purchase was not done (rejected): its letter is in lower case.
    const played = rows.map((r, i) => ({ ...r, done: i !== 2 }));
    const record = rowsRecord(played);
    expect(record).toMatch(
      /^\{"R [0-9a-f]{16} Ransoms!A2","P [0-9a-f]{16} 'My ""buys""'!A2","p [0-9a-f]{16} 'My ""buys""'!A4"\}$/,
    );
    expect(recordedRows(record)).toEqual(
      played.map(({ kind, at, key, done }) => ({ kind, at, key, done })),
    );
    // Semicolons (rows of an array) read as commas do.
    expect(recordedRows(record.replace(/,"/g, ';"'))).toEqual(recordedRows(record));
    expect(rowsRecord([])).toBe('""');
    expect(recordedRows('""')).toEqual([]);
    for (const other of [
      undefined,
      '',
      '"x"',
      '{}',
      '{"P 12 A1"}',
      '{"P 0123456789abcdef A1",1}',
      '{"P 0123456789abcdef A1"',
    ]) {
      expect([other, recordedRows(other)]).toEqual([other, null]);
    }
  });

  it('keeps under 8,000 characters, the first rows, Ransoms first', () => {
    const many = Array.from({ length: 400 }, (_, i) => ['Ann', 'Infantry', i + 1, '']);
    const record = rowsRecord(done(orderRows(P(many), R([['Bob', 'Marcus', 20, 'Ann']]))));
    expect(record.length).toBeLessThanOrEqual(MAX_RECORD);
    const kept = recordedRows(record)!;
    expect(kept.length).toBeGreaterThan(200);
    expect(kept.slice(0, 2).map((r) => r.at)).toEqual(['Ransoms!A2', 'Purchases!A2']);
  });

  it('matches a row by its table and values, the same cell first, each recorded row once', () => {
    const inf = ['Ann', 'Infantry', 3, ''];
    const last = done(
      orderRows(P([inf, ['Bob', 'Cavalry', 1, ''], inf]), R([['Bob', 'Marcus', 20, 'Ann']])),
    );
    // Three Infantry rows now: two repeat last turn's two (A4 at A4, A3 takes A2), one is new.
    const now = orderRows(
      P([['Bob', 'Cavalry', 2, ''], inf, inf, inf]),
      R([['Bob', 'Marcus', 20, 'ann']]),
    );
    const r = repeatsOf(now, last, false);
    expect([...r.purchases].map(([at, x]) => [at, x.previous])).toEqual([
      ['Purchases!A4', 'Purchases!A4'],
      ['Purchases!A3', 'Purchases!A2'],
    ]);
    // `ann` for `Ann` is another order, as for the fingerprint.
    expect(r.ransoms.size).toBe(0);
    expect(r.purchasesUnchanged).toBe(false);
    // A Purchases row is never a Ransoms row, whatever its cells.
    const cross = orderRows(null, R([['Ann', 'Infantry', 3, '']]));
    expect(repeatsOf(cross, done(orderRows(P([inf]), null)), false).ransoms.size).toBe(0);
  });

  it('tells a Purchases table left whole: all its rows repeated, none of last turn missing', () => {
    const a = ['Ann', 'Infantry', 3, ''];
    const b = ['Bob', 'Cavalry', 1, ''];
    const last = done(orderRows(P([a, b]), null));
    const unchanged = (rows: unknown[][]) =>
      repeatsOf(orderRows(P(rows), null), last, false).purchasesUnchanged;
    expect(unchanged([a, b])).toBe(true);
    expect(unchanged([b, [], a])).toBe(true);
    expect(unchanged([a])).toBe(false);
    expect(unchanged([a, b, b])).toBe(false);
    expect(unchanged([])).toBe(false);
  });

  it("tells orders all the last turn's, in any order: both tables left whole", () => {
    const a = ['Ann', 'Infantry', 3, ''];
    const b = ['Bob', 'Cavalry', 1, ''];
    const ransom = ['Bob', 'Marcus', 20, 'Ann'];
    const last = done(orderRows(P([a, b]), R([ransom])));
    const whole = (buys: unknown[][], ransoms: unknown[][]) =>
      repeatsOf(orderRows(P(buys), R(ransoms)), last, false).ordersUnchanged;
    expect(whole([b, a], [ransom])).toBe(true);
    expect(whole([a, b], [])).toBe(false);
    expect(whole([b], [ransom])).toBe(false);
    expect(whole([a, b], [ransom, ransom])).toBe(false);
    // No Ransoms either turn: Purchases alone decide.
    const noRansom = done(orderRows(P([a, b]), null));
    expect(repeatsOf(orderRows(P([b, a]), null), noRansom, false).ordersUnchanged).toBe(true);
  });

  it('pairs a row with a twin done last turn before one rejected: a ransom paid is held back', () => {
    // Last turn: the ransom at A2 paid, its twin at A3 rejected (released already).
    const ransom = ['Bob', 'Marcus', 20, 'Ann'];
    const last = orderRows(null, R([ransom, ransom])).map((r) => ({
      ...r,
      done: r.at === 'Ransoms!A2',
    }));
    // Now A2 holds another ransom; the twin at A3 is left.
    const r = repeatsOf(orderRows(null, R([['Bob', 'Julius', 5, 'Ann'], ransom])), last, false);
    expect(r.ransoms.get('Ransoms!A3')).toMatchObject({ previous: 'Ransoms!A2', done: true });
    expect(heldBack('ransoms', 'Ransoms!A3', r)).toMatch(
      /^Ransoms!A3: repeats the ransom at Ransoms!A2/,
    );
  });

  it('takes orders all rejected last turn, given again in another order, as new tries', () => {
    const dido = ['Dido', 'Infantry', 1, ''];
    const cato = ['Cato', 'Infantry', 1, ''];
    const last = orderRows(P([dido, cato]), null).map((r) => ({ ...r, done: false }));
    const r = repeatsOf(orderRows(P([cato, dido]), null), last, false);
    expect([r.ordersUnchanged, r.purchasesUnchanged]).toEqual([false, false]);
  });

  it('holds back or warns of a row done last turn only: a rejected order given again is new', () => {
    const ransom = ['Bob', 'Marcus', 1000, 'Ann'];
    const last = orderRows(P([['Ann', 'Infantry', 3, '']]), R([ransom])).map((r) => ({
      ...r,
      done: r.kind === 'purchases',
    }));
    const r = repeatsOf(orderRows(P([['Ann', 'Infantry', 2, '']]), R([ransom])), last, false);
    expect(r.ransoms.get('Ransoms!A2')).toMatchObject({ done: false });
    expect(heldBack('ransoms', 'Ransoms!A2', r)).toBeNull();
    expect(repeatWarnings([], [{ at: 'Ransoms!A2' }], r, new Set(['Ransoms!A2']))).toEqual([]);
  });
});
