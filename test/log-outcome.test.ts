import ExcelJS from 'exceljs';
import { join } from 'node:path';
import { main } from '../headless/cli';
import { BattleResult, resolveBattle } from '../src/battle';
import { validateBattle } from '../src/battle-spec';
import { earlierOutcomeSentence, FORCES_LINE, outcomeLineOf, outcomeSentence } from '../src/log';
import { CellValue } from '../src/cell-value';
import { logSheet } from '../src/log-sheet';
import { compareLog, logRows } from '../src/verify-log';
import { bufferIo, tempDir } from './helpers/workbooks';

/**
 * A ruleset's own outcome (Legion Battles' `broken`, Fortunes of War's `routed`, Imperium's
 * `stalemate`) says who won, as `eliminated` does; logs worded as before still verify.
 */

const ended = (outcome: string, winner: BattleResult['winner'], rounds: number) =>
  ({ outcome, winner, rounds, attacker: { VET: 2 }, defender: {} }) as unknown as BattleResult;

test('an outcome with a winner names it, and the side that lost by it', () => {
  expect(outcomeSentence(ended('broken', 'attacker', 3), ['VET'])).toBe(
    'The attacker wins in round 3, the defender broken: attacker 2 VET, defender none.',
  );
  expect(outcomeSentence(ended('routed', 'defender', 1), ['VET'])).toBe(
    'The defender wins in round 1, the attacker routed: attacker 2 VET, defender none.',
  );
});

test('an outcome with no winner says so', () => {
  expect(outcomeSentence(ended('stalemate', null, 1000), ['VET'])).toBe(
    'Stalemate after 1000 rounds, no winner: attacker 2 VET, defender none.',
  );
  expect(outcomeSentence(ended('withdrawn', null, 1), ['VET'])).toBe(
    'Withdrawn after 1 round, no winner: attacker 2 VET, defender none.',
  );
});

test('the earlier wording of each, and none for sentences worded as they were', () => {
  expect(
    earlierOutcomeSentence(
      'The attacker wins in round 3, the defender broken: attacker 2 VET, defender none.',
    ),
  ).toBe('broken after 3 rounds: attacker 2 VET, defender none.');
  expect(
    earlierOutcomeSentence(
      'The defender wins in round 1, the attacker routed: attacker none, defender 1 HP.',
    ),
  ).toBe('routed after 1 round: attacker none, defender 1 HP.');
  expect(
    earlierOutcomeSentence('Stalemate after 1000 rounds, no winner: attacker 1 SC, defender 1 SC.'),
  ).toBe('stalemate after 1000 rounds: attacker 1 SC, defender 1 SC.');
  expect(earlierOutcomeSentence('The attacker wins in round 4 with 2 INF left.')).toBeNull();
  expect(
    earlierOutcomeSentence('Paused after 2 rounds: attacker 2 INF, defender 1 INF.'),
  ).toBeNull();
});

describe('verify of a log posted with the earlier wording', () => {
  jest.setTimeout(60_000);

  /** The outcome row of the log sheet of the template's example, adjudicated. */
  async function adjudicatedExample(rules: string) {
    const dir = tempDir();
    const file = join(dir, 'turn.xlsx');
    expect(await main(['template', file, '--rules', rules], bufferIo())).toBe(0);
    expect(await main(['adjudicate', file, '--jobs', '1'], bufferIo())).toBe(0);
    return { dir, output: join(dir, 'turn.praetor.xlsx') };
  }

  async function withOutcome(output: string, path: string, edit: (line: string) => string) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(output);
    const log = wb.worksheets.find((w) => w.name.startsWith('Log '))!;
    const cell = log.getCell('A6');
    const line = String(cell.value);
    cell.value = edit(line);
    await wb.xlsx.writeFile(path);
    return line;
  }

  test.each(['legion-battles', 'fortunes-of-war'])(
    '%s: verifies, and a changed one does not',
    async (rules) => {
      const { dir, output } = await adjudicatedExample(rules);
      const earlier = join(dir, 'earlier.xlsx');
      const line = await withOutcome(output, earlier, (l) => earlierOutcomeSentence(l)!);
      expect(line).toMatch(
        /^The (attacker|defender) wins in round \d+, the (attacker|defender) \w+: /,
      );
      const ok = bufferIo();
      expect(await main(['verify', earlier], ok)).toBe(0);
      expect(ok.stdout()).toMatch(/\nOK$/);

      const changed = join(dir, 'changed.xlsx');
      await withOutcome(output, changed, (l) =>
        earlierOutcomeSentence(l)!.replace(/ after (\d+)/, (_, n) => ` after ${Number(n) + 1}`),
      );
      const bad = bufferIo();
      expect(await main(['verify', changed], bad)).toBe(1);
      expect(bad.stdout()).toContain('MISMATCH');
    },
  );
});

test('the earlier wording is taken on the outcome line only, never on another that looks like it', () => {
  const battle = validateBattle({
    id: 'B1',
    rules: 'legion-battles',
    attacker: 'after 2 rounds, no winner: veteran',
    defender: 'Titus: raw',
    seed: 'x',
  });
  if (!battle.ok) throw new Error(battle.error);
  const result = resolveBattle(battle.value);
  if (!result.ok) throw new Error(result.error);
  const log = logSheet(result.value, new Set());
  const rows = logRows(log);
  const sheet = (edit: (rows: CellValue[][]) => void) => {
    const cells = rows.map((row) => [...row]);
    edit(cells);
    return { cells, origin: { sheet: log.name, row: 0, col: 0 } };
  };
  const forces = String(rows[FORCES_LINE][0]);
  expect(earlierOutcomeSentence(forces)).not.toBeNull();
  const outcome = outcomeLineOf(log.summary);
  const earlier = earlierOutcomeSentence(String(rows[outcome][0]));
  expect(earlier).not.toBeNull();
  const told = (edit: (rows: CellValue[][]) => void) =>
    compareLog('B1', log, sheet(edit)).mismatches.map((m) => m.where);
  expect(told((r) => (r[outcome][0] = earlier!))).toEqual([]);
  expect(told((r) => (r[FORCES_LINE][0] = earlierOutcomeSentence(forces)!))).toEqual([
    `'${log.name}'!A4`,
  ]);
});
