import { CellGrid } from '../src/cells';
import { postedChanges, PostedSheets } from '../src/posted-rounds';
import { adjudicateSubmission } from '../src/adjudicate';
import { CellValue } from '../src/cell-value';
import { logSheet } from '../src/log-sheet';
import { resultsSheet } from '../src/results-sheet';
import { readSubmission, SheetTable } from '../src/submission';
import { logRows } from '../src/verify-log';
import { BATTLES_HEADER, LEGIONS_HEADER, battle, legion } from './helpers/workbooks';

/** A battle adjudicated again is compared with the Results and logs it replaces. */

const table = (sheet: string, cells: CellGrid): SheetTable => ({
  cells,
  origin: { sheet, row: 0, col: 0 },
});

const LEGIONS = [
  legion('B1', 'Attacker', 'Marcus', 5, 1, 1),
  legion('B1', 'Defender', 'Brutus', 5, 1),
  legion('B2', 'Attacker', 'Titus', 3),
  legion('B2', 'Defender', 'Gaius', 3),
];

function fight(battles: unknown[][], legions: unknown[][] = LEGIONS) {
  const submission = readSubmission(
    table('Battles', [BATTLES_HEADER, ...battles]),
    table('Legions', [LEGIONS_HEADER, ...legions]),
  );
  expect(submission.problems).toEqual([]);
  return adjudicateSubmission(submission);
}

/** The Results and Log sheets adjudicating `battles` writes, as a reader gives them back. */
function posted(battles: unknown[][], legions: unknown[][] = LEGIONS): PostedSheets {
  const all = fight(battles, legions);
  const sheetNames = ['Battles', 'Legions', 'Results'];
  const sheets = [table('Results', resultsSheet(all))];
  for (const a of all) {
    if (!a.outcome.ok) continue;
    const log = logSheet(a.outcome.value, new Set(sheetNames));
    sheetNames.push(log.name);
    sheets.push(table(log.name, logRows(log)));
  }
  return { sheetNames, sheets };
}

const shots = (battles: unknown[][], id = 'B1') => {
  const a = fight(battles).find((x) => x.id === id)!;
  if (!a.outcome.ok) throw new Error(a.outcome.error);
  return logSheet(a.outcome.value, new Set()).rows.length;
};

describe('postedChanges', () => {
  const B2 = battle('B2', { Seed: 'b2' });

  it('the same orders fought again: nothing changed', () => {
    const orders = [battle('B1', { Seed: 's1', Retreat: 'lost >= 2' }), B2];
    expect(postedChanges(posted(orders), fight(orders))).toEqual([]);
  });

  it('a paused battle taken up with orders from the next round: the posted shots stand', () => {
    const before = [battle('B1', { Seed: 's1', Rounds: 1 }), B2];
    const after = [battle('B1', { Seed: 's1', Retreat: 'none; lost >= 2 from round 2' }), B2];
    expect(shots(after)).toBeGreaterThan(shots(before));
    expect(postedChanges(posted(before), fight(after))).toEqual([]);
  });

  it('a new condition acting inside the posted rounds: the battle stops before their end', () => {
    const before = [battle('B1', { Seed: 's1', Rounds: 3 }), B2];
    // Written without "from round": it acts from round 1, and the attacker retreats early.
    const after = [battle('B1', { Seed: 's1', Retreat: 'lost >= 1' }), B2];
    const [a, b] = [shots(before), shots(after)];
    expect(b).toBeLessThan(a);
    expect(postedChanges(posted(before), fight(after))).toEqual([
      `battle B1: the posted log (Log B1) has ${a} shots; fought now, the battle stops after ${b}`,
    ]);
  });

  it('a legion changed since: the first shot that differs is named, with both values', () => {
    const orders = [battle('B1', { Seed: 's1' }), B2];
    const changed = [legion('B1', 'Attacker', 'Marcus', 5, 1, 0), ...LEGIONS.slice(1)];
    const [line, ...rest] = postedChanges(posted(orders), fight(orders, changed));
    expect(rest).toEqual([]);
    expect(line).toMatch(
      /^battle B1: the posted log \(Log B1\) says .+ at 'Log B1'!\w+\d+ \(shot \d+\); fought now, the battle gives .+$/,
    );
  });

  it('a battle posted as ended that now goes on (Rounds raised, a condition dropped)', () => {
    const before = [battle('B1', { Seed: 's1', Retreat: 'lost >= 1' }), B2];
    const after = [battle('B1', { Seed: 's1' }), B2];
    const [was, now] = [fight(before)[0], fight(after)[0]];
    if (!was.outcome.ok || !now.outcome.ok) throw new Error('expected both fought');
    expect(was.outcome.value.outcome).toBe('retreat');
    const { outcome, winner } = now.outcome.value;
    expect(postedChanges(posted(before), fight(after))).toEqual([
      `battle B1: posted as ended (retreat, defender wins, ${shots(before)} shots); fought now, ` +
        `it is ${outcome}, ${winner} wins after ${shots(after)} shots`,
    ]);
  });

  it('a battle posted that is now an error, or no longer in the orders, is named', () => {
    const orders = [battle('B1', { Seed: 's1', Rounds: 1 }), B2];
    const now = fight([battle('B1', { Seed: 's1', Retreat: 'lost >=' })], LEGIONS.slice(0, 2));
    expect(postedChanges(posted(orders), now)).toEqual([
      'battle B1: posted as paused; now it is not fought (its error is in Results)',
      expect.stringMatching(
        /^battle B2: posted as \w+, (attacker|defender) wins; it is no longer in the orders$/,
      ),
    ]);
  });

  it('an ending changed is named where the posted log cannot be compared (other rules)', () => {
    const orders = [battle('B1', { Seed: 's1' }), battle('B2', { Seed: 'c' })];
    const was = fight(orders)[1];
    const now = fight([
      battle('B1', { Seed: 's1' }),
      battle('B2', { Seed: 'c', Rules: 'cote-online' }),
    ]);
    if (!was.outcome.ok || !now[1].outcome.ok) throw new Error('expected both fought');
    const ending = (r: { outcome: string; winner: string | null }) =>
      r.winner === null ? r.outcome : `${r.outcome}, ${r.winner} wins`;
    const [a, b] = [ending(was.outcome.value), ending(now[1].outcome.value)];
    expect(a).not.toBe(b);
    expect(postedChanges(posted(orders), now)).toEqual([
      `battle B2: posted as ${a}; fought now, it is ${b}`,
    ]);
  });

  it('notes typed in the sheets posted are not battles or shots: below or beside a log, in Results', () => {
    const orders = [battle('B1', { Seed: 's1' }), B2];
    const book = posted(orders);
    const beside = (row: CellValue[]) => [...row, ...Array(20 - row.length).fill(''), 'great shot'];
    const noted: PostedSheets = {
      ...book,
      sheets: book.sheets.map((s) =>
        s.origin.sheet === 'Log B1'
          ? table('Log B1', [
              ...s.cells.slice(0, 10),
              beside(s.cells[10] as CellValue[]),
              ...s.cells.slice(11),
              [],
              ['Posted to the forum on 3 March'],
            ])
          : s.origin.sheet === 'Results'
            ? table('Results', [...s.cells, [], ['Checked by the GM, 3 May']])
            : s,
      ),
    };
    expect(postedChanges(noted, fight(orders))).toEqual([]);
    // The shot's own cells are still compared.
    const changed: PostedSheets = {
      ...noted,
      sheets: noted.sheets.map((s) => {
        if (s.origin.sheet !== 'Log B1') return s;
        const cells = s.cells.map((r) => [...r]);
        cells[10][3] = 'x';
        return table('Log B1', cells);
      }),
    };
    expect(postedChanges(changed, fight(orders))).toEqual([
      expect.stringMatching(
        /^battle B1: the posted log \(Log B1\) says \w+ "x" at 'Log B1'!D11 \(shot 2\); /,
      ),
    ]);
  });

  it('a posted log of another version of its rules: said, its shots not compared', () => {
    const orders = [battle('B1', { Seed: 's1', Rounds: 1 }), B2];
    const book = posted(orders);
    const older = (title: string) => title.replace(/\(cote-pbem [\d.]+\)$/, '(cote-pbem 0.9.0)');
    const retitled: PostedSheets = {
      ...book,
      sheets: book.sheets.map((s) =>
        s.origin.sheet === 'Log B1'
          ? table('Log B1', [[older(String(s.cells[0][0]))], ...s.cells.slice(1)])
          : s,
      ),
    };
    expect(postedChanges(retitled, fight(orders))).toEqual([
      expect.stringMatching(
        /^battle B1: the posted log \(Log B1\) was written under cote-pbem 0\.9\.0, and this Praetor plays \d+\.\d+\.\d+: its shots are not compared \(docs\/rules-cote-pbem\.md lists what changed\)$/,
      ),
    ]);
  });

  it('a posted log cut short by hand, its ending the same: the shots it lacks are named', () => {
    const orders = [battle('B1', { Seed: 's1' }), B2];
    const book = posted(orders);
    const cut: PostedSheets = {
      ...book,
      sheets: book.sheets.map((s) =>
        s.origin.sheet === 'Log B1' ? table('Log B1', s.cells.slice(0, -2)) : s,
      ),
    };
    const n = shots(orders);
    expect(postedChanges(cut, fight(orders))).toEqual([
      expect.stringMatching(
        new RegExp(
          `^battle B1: posted as ended \\(\\w+, \\w+ wins, ${n - 2} shots\\); fought now, it goes on to the same end after ${n} shots$`,
        ),
      ),
    ]);
  });

  it('battles not posted, or posted with an error, are not compared; a log not found is named', () => {
    const orders = [battle('B1', { Seed: 's1' }), B2];
    const book = posted([battle('B1', { Seed: 's1', Rules: 'risk' }), B2]);
    const changed = [legion('B2', 'Attacker', 'Titus', 4), ...LEGIONS.filter((_, i) => i !== 2)];
    // B1 was an error; B2's posted log has another title (a rules version, say).
    const retitled: PostedSheets = {
      ...book,
      sheets: book.sheets.map((s) =>
        s.origin.sheet === 'Log B2'
          ? table('Log B2', [['Battle B2 — other rules (x 9.9.9)'], ...s.cells.slice(1)])
          : s,
      ),
    };
    const title = String(book.sheets.find((s) => s.origin.sheet === 'Log B2')!.cells[0][0]);
    expect(postedChanges(retitled, fight(orders, changed))).toEqual([
      `battle B2: its posted log was not found (no "Log" sheet after Results is titled "${title}"): its shots are not compared`,
    ]);
    // Nor is one whose log sheet was moved before Results, or deleted.
    const moved: PostedSheets = {
      sheetNames: ['Log B2', ...book.sheetNames.filter((n) => n !== 'Log B2')],
      sheets: book.sheets,
    };
    expect(postedChanges(moved, fight(orders))).toEqual([
      expect.stringMatching(/^battle B2: its posted log was not found/),
    ]);
    expect(postedChanges({ sheetNames: [], sheets: [] }, fight(orders))).toEqual([]);
    // Without the retitle, B2's change is found.
    expect(postedChanges(book, fight(orders, changed))).toHaveLength(1);
  });
});
