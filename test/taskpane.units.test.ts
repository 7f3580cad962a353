import { resolveBattle } from '../src/battle';
import { validateBattle } from '../src/battle-spec';
import { readRosterGrid } from '../src/roster';
import { findRuleset } from '../src/rulesets';
import { logHeaderRow, logSheet } from '../src/log-sheet';
import { parseRangeRef } from '../taskpane/address';
import { battleSpec, rawOptions } from '../taskpane/input';
import { logPlan } from '../taskpane/plans';
import { rosterCells } from '../taskpane/rosterGrid';
import { excelValue } from '../taskpane/values';
import { paneInput } from './sim/fixtures';

const units = findRuleset('cote-pbem')!.units;

describe('parseRangeRef', () => {
  test.each([
    ['Legions!A1:F9', { kind: 'address', sheet: 'Legions', a1: 'A1:F9' }],
    ["'My ''own'' sheet'!b2:c8", { kind: 'address', sheet: "My 'own' sheet", a1: 'B2:C8' }],
    ['$B$2:$C$8', { kind: 'address', a1: '$B$2:$C$8' }],
    ['Legions!A:F', { kind: 'address', sheet: 'Legions', a1: 'A:F' }],
    ['AttackerRoster', { kind: 'name', name: 'AttackerRoster' }],
  ])('%s', (text, expected) => {
    expect(parseRangeRef(text)).toEqual({ ok: true, value: { ...expected, text } });
  });

  test('explains what it cannot read', () => {
    expect(parseRangeRef('  ')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/no range given/),
    });
    expect(parseRangeRef('Legions!hello world')).toMatchObject({
      error: expect.stringMatching(/not a cell address/),
    });
    expect(parseRangeRef('two words')).toMatchObject({
      error: expect.stringMatching(/neither an address/),
    });
    expect(parseRangeRef('!A1')).toMatchObject({ error: expect.stringMatching(/sheet name/) });
  });

  test('refuses several ranges (a multi-area selection): a roster is one rectangular range', () => {
    for (const text of [
      'Rosters!A1:B2,Rosters!A4:B5',
      'A1:B2, D1:E2',
      "'My sheet'!A1,'My sheet'!B2",
    ]) {
      expect(parseRangeRef(text)).toEqual({
        ok: false,
        error: `"${text}" is several ranges: a roster is one rectangular range (select one block of cells)`,
      });
    }
    expect(parseRangeRef("'Ann, Bob'!A1:B2")).toMatchObject({
      ok: true,
      value: { sheet: 'Ann, Bob', a1: 'A1:B2' },
    });
  });

  test("refuses cells beyond Excel's last row and column, in plain words", () => {
    expect(parseRangeRef('Rosters!XFD1048576')).toMatchObject({ ok: true });
    expect(parseRangeRef('Rosters!A1:XFE2')).toMatchObject({
      error: expect.stringMatching(
        /"Rosters!A1:XFE2": column XFE is beyond Excel's last column, XFD/,
      ),
    });
    expect(parseRangeRef('B1048577')).toMatchObject({
      error: expect.stringMatching(/row 1048577 is outside/),
    });
    expect(parseRangeRef('A0:B2')).toMatchObject({
      error: expect.stringMatching(/row 0 is outside/),
    });
  });
});

test('excelValue keeps text text: formulas, numbers, booleans, dates', () => {
  expect(excelValue('=SUM(A1)')).toBe("'=SUM(A1)");
  expect(excelValue('-3 INF')).toBe("'-3 INF");
  expect(excelValue('@x')).toBe("'@x");
  expect(excelValue('42')).toBe("'42");
  expect(excelValue('1/2')).toBe("'1/2");
  expect(excelValue('TRUE')).toBe("'TRUE");
  expect(excelValue("'quoted")).toBe("''quoted");
  expect(excelValue('attacker')).toBe('attacker');
  expect(excelValue(3)).toBe(3);
  expect(excelValue(false)).toBe(false);
});

test("excelValue cuts text at Excel's 32,767 characters a cell, before its prefix", () => {
  expect(excelValue('x'.repeat(40_000))).toBe('x'.repeat(32_767));
  expect(excelValue('1'.repeat(40_000))).toBe(`'${'1'.repeat(32_767)}`);
  expect(excelValue('x'.repeat(32_767))).toBe('x'.repeat(32_767));
});

test('rawOptions passes only what the user set', () => {
  expect(rawOptions(paneInput())).toEqual({});
  const input = paneInput({
    options: { sea: true, fort: '2', breachBy: 'catapult', retreat: ' units <= 2 ', rounds: '3' },
  });
  expect(rawOptions(input)).toEqual({
    sea: true,
    fort: '2',
    breachBy: 'catapult',
    retreat: 'units <= 2',
    rounds: '3',
  });
  const rolls = battleSpec(
    paneInput({ battle: '', dice: { kind: 'rolls', text: '1 2 3' } }),
    [],
    [],
  );
  expect(rolls).toMatchObject({ id: 'battle', dice: '1 2 3', seed: undefined });
});

describe('rosterCells', () => {
  const header = ['Battle', 'Side', 'Leader', 'Infantry', 'Cavalry'];
  test('puts the sheet header back above legion rows selected without it', () => {
    const grid = {
      cells: [['B2', 'Attacker', 'Gaius', 3, 1]],
      origin: { sheet: 'Legions', row: 4, col: 0 },
      address: 'Legions!A5:E5',
      sheetHeader: { cells: header, row: 0 },
    };
    const { cells, origin } = rosterCells(grid, units);
    expect(origin).toEqual({ sheet: 'Legions', row: 0, col: 0 });
    expect(cells).toHaveLength(5);
    expect(cells[0]).toBe(header);
    expect(cells[4]).toBe(grid.cells[0]);
  });

  test('leaves a Unit | Count block alone', () => {
    const grid = {
      cells: [
        ['Unit', 'Count'],
        ['Infantry', 2],
      ],
      origin: { sheet: 'Legions', row: 9, col: 3 },
      address: 'Legions!D10:E11',
      sheetHeader: { cells: ['Infantry', 'Cavalry'], row: 0 },
    };
    expect(rosterCells(grid, units)).toEqual({ cells: grid.cells, origin: grid.origin });
  });

  test('with a battle id, the roster takes only the rows of that battle, named in place', () => {
    const grid = {
      cells: [header, ['B1', 'Attacker', 'A', 1, 0], ['B2', 'Attacker', 'B', 2, 0]],
      origin: { sheet: 'Legions', row: 0, col: 0 },
      address: 'Legions!A1:E3',
    };
    const read = readRosterGrid(rosterCells(grid, units), 'attacker', units, 'b2');
    expect(read).toEqual({
      ok: true,
      value: {
        legions: [
          { leader: 'B', units: { INF: 2, CAV: 0 }, where: 'attacker legion at Legions!C3 (B)' },
        ],
        warnings: [],
      },
    });
  });
});

test('logPlan: the core log as one rectangle, header row, widths, page text', () => {
  const battle = validateBattle({
    id: 'B&1',
    attacker: '3 INF 1 CAV',
    defender: '4 INF',
    seed: 'alpha',
  });
  if (!battle.ok) throw new Error(battle.error);
  const result = resolveBattle(battle.value);
  if (!result.ok) throw new Error(result.error);
  const log = logSheet(result.value);
  const plan = logPlan(log);
  const width = log.header.length;
  expect(plan.values.every((row) => row.length === width)).toBe(true);
  expect(plan.values.length).toBe(log.summary.length + 2 + log.rows.length);
  expect(plan.headerRow).toBe(logHeaderRow(log));
  expect(plan.values[plan.headerRow]).toEqual(log.header);
  expect(plan.widths).toHaveLength(width);
  expect(plan.print.header).toContain('Battle B&&1');
  expect(plan.print.footer).toContain('alpha');
});
