import { readRosterGrid } from '../src/roster';
import { findRuleset } from '../src/rulesets';
import { cellAddress, quoteSheet } from '../src/cells';
import { parseRangeRef } from '../taskpane/address';
import { rawOptions } from '../taskpane/input';
import { rosterCells } from '../taskpane/rosterGrid';
import { charsToPoints, excelValue } from '../taskpane/values';
import { paneInput } from './sim/fixtures';

/** The pane's plain parts, against what Excel does and what docs/taskpane.md says. */

const units = findRuleset('cote-pbem')!.units;

describe('addresses', () => {
  test('a quoted sheet name may hold "!": the address is what follows the last "!"', () => {
    expect(parseRangeRef("'Wins!Losses'!A1:B2")).toEqual({
      ok: true,
      value: { kind: 'address', sheet: 'Wins!Losses', a1: 'A1:B2', text: "'Wins!Losses'!A1:B2" },
    });
  });

  test.each([
    ['Legions', 'Legions'],
    ['Turn_3.orders', 'Turn_3.orders'],
    ['My sheet', "'My sheet'"],
    ["O'Brien", "'O''Brien'"],
    ['3rd', "'3rd'"],
    // Names Excel would read as a cell or a value.
    ['A1', "'A1'"],
    ['xfd1048576', "'xfd1048576'"],
    ['R1C1', "'R1C1'"],
    ['r2', "'r2'"],
    ['C', "'C'"],
    ['RC', "'RC'"],
    ['True', "'True'"],
    // ... and names that only look close to one.
    ['A1B', 'A1B'],
    ['Rome', 'Rome'],
    ['Turn3', 'Turn3'],
    ['R1C1x', 'R1C1x'],
  ])('quoteSheet(%p) is %p, as Excel writes it in an address', (name, quoted) => {
    expect(quoteSheet(name)).toBe(quoted);
  });

  test('a message names a cell of a sheet called A1 as Excel would find it', () => {
    expect(cellAddress({ sheet: 'A1', row: 4, col: 1 }, 1, 2)).toBe("'A1'!D6");
    expect(parseRangeRef(cellAddress({ sheet: 'R2C3', row: 0, col: 0 }, 0, 0))).toMatchObject({
      ok: true,
      value: { sheet: 'R2C3', a1: 'A1' },
    });
  });

  test('a quoted name reads back as the sheet it names', () => {
    for (const name of ['My sheet', "O'Brien", "it's 'quoted'"]) {
      const ref = parseRangeRef(`${quoteSheet(name)}!A1`);
      expect(ref).toMatchObject({ ok: true, value: { sheet: name, a1: 'A1' } });
    }
  });
});

describe('excelValue gives Excel text it would read as something else the prefix', () => {
  test.each(['#N/A', '#REF!', 'FALSE', 'false', ' True '])('%p', (text) => {
    expect(excelValue(text)).toBe(`'${text}`);
  });
  // Excel reads a month's name then a number as a date, typed or assigned to `range.values`.
  test.each(['Jan 5', 'jan-26', 'March 2026', 'Sept. 3, 2026', 'dec/1'])('%p', (text) => {
    expect(excelValue(text)).toBe(`'${text}`);
  });
  test.each(['January', 'May Day', 'Marcus 3', 'Decimus', 'Augustus'])(
    '%p stays as it is',
    (text) => {
      expect(excelValue(text)).toBe(text);
    },
  );
});

test("charsToPoints: Excel's standard width of 8.43 characters is 64 pixels, 48 points", () => {
  expect(charsToPoints(8.43)).toBe(48);
  // 10 characters of the default font: 7 px each plus 5 px of padding, 75 px = 56.25 pt.
  expect(charsToPoints(10)).toBe(56);
});

describe('rosterCells', () => {
  const header = ['Battle', 'Side', 'Leader', 'Infantry', 'Cavalry'];

  test("a selection with its own header row is left alone, below the sheet's header", () => {
    const own = ['Side', 'Leader', 'Infantry'];
    const grid = {
      cells: [own, ['Attacker', 'Gaius', 3]],
      origin: { sheet: 'Legions', row: 9, col: 0 },
      address: 'Legions!A10:C11',
      sheetHeader: { cells: ['Side', 'Leader', 'Infantry'], row: 0 },
    };
    expect(rosterCells(grid, units)).toEqual({ cells: grid.cells, origin: grid.origin });
  });

  test('the battle id is matched without its surrounding spaces and in any case', () => {
    const grid = {
      cells: [header, ['B1', 'Attacker', 'A', 1, 0], ['B2', 'Attacker', 'B', 2, 0]],
      origin: { sheet: 'Legions', row: 0, col: 0 },
      address: 'Legions!A1:E3',
    };
    const read = readRosterGrid(rosterCells(grid, units), 'attacker', units, '  B2 ');
    expect(read.ok && read.value.legions.map((l) => l.leader)).toEqual(['B']);
    const greek = { ...grid, cells: [header, ['ΟΣ', 'Attacker', 'A', 1, 0]] };
    const final = readRosterGrid(rosterCells(greek, units), 'attacker', units, 'οσ');
    expect(final.ok && final.value.legions.map((l) => l.leader)).toEqual(['A']);
  });

  test('with no battle id, rows of two battles are refused, naming each; one battle is fought', () => {
    const grid = {
      cells: [
        header,
        ['B1', 'Attacker', 'A', 1, 0],
        ['', '', '', '', ''],
        ['b1', 'Attacker', 'C', 3, 0],
        ['B2', 'Attacker', 'B', 2, 0],
        ['B3', 'Defender', 'D', 2, 0],
      ],
      origin: { sheet: 'Legions', row: 0, col: 0 },
      address: 'Legions!A1:E6',
    };
    const read = readRosterGrid(rosterCells(grid, units), 'attacker', units, ' ');
    expect(read).toEqual({
      ok: false,
      error:
        'attacker: the rows are of battles "B1" (Legions!A2) and "B2" (Legions!A5): give the Battle id of the one to fight, to take its rows only',
    });
    const defender = readRosterGrid(rosterCells(grid, units), 'defender', units, '');
    expect(defender.ok && defender.value.legions.map((l) => l.leader)).toEqual(['D']);
  });

  test('a "Battle id" column filters as a "Battle" column does', () => {
    const grid = {
      cells: [
        ['Battle id', 'Side', 'Infantry'],
        ['B1', 'Attacker', 1],
        ['B2', 'Attacker', 2],
      ],
      origin: { sheet: 'Legions', row: 0, col: 0 },
      address: 'Legions!A1:C3',
    };
    const read = readRosterGrid(rosterCells(grid, units), 'attacker', units, 'B1');
    expect(read.ok && read.value.legions.map((l) => l.units)).toEqual([{ INF: 1 }]);
  });
});

describe('the form as a battle spec', () => {
  test("cote-online's mode is passed on when chosen, and not when blank", () => {
    const options = { sea: false, fort: '', breachBy: '', retreat: '', rounds: '' };
    expect(rawOptions(paneInput({ options: { ...options, mode: ' hit-and-run ' } }))).toEqual({
      mode: 'hit-and-run',
    });
    expect(rawOptions(paneInput({ options: { ...options, mode: '  ' } }))).toEqual({});
  });
});
