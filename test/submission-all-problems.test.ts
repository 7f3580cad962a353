import ExcelJS from 'exceljs';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../headless/cli';
import { EXCEL_MAX_TEXT } from '../src/cells';
import { rulesetIds } from '../src/rulesets';
import { readSubmission, SheetTable } from '../src/submission';
import { MAX_PROBLEMS_LISTED } from '../src/problem-list';
import { battleError } from '../src/submission-rows';
import {
  BATTLES_HEADER,
  battle,
  bufferIo,
  LEGIONS_HEADER,
  legion,
  submission,
  tempDir,
} from './helpers/workbooks';

/**
 * A battle with several bad cells names them all (up to five), so that a player fixes them in
 * one turn: its Battles row first, then its forces rows, top to bottom and left to right.
 */

const table = (sheet: string, cells: unknown[][]): SheetTable => ({
  cells,
  origin: { sheet, row: 0, col: 0 },
});

const read = (battles: unknown[][], legions: unknown[][]) =>
  readSubmission(
    table('Battles', [BATTLES_HEADER, ...battles]),
    table('Legions', [LEGIONS_HEADER, ...legions]),
  );

/** The error of the battle with this id. */
const errorOf = (s: ReturnType<typeof readSubmission>, id: string) =>
  s.entries.find((e) => e.id === id)!.error;

const X_COUNT = 'Legions!E2: "x" is not a count (a whole number, 0 or more)';
const NEGATIVE_COUNT = 'Legions!F2: -1: a count cannot be negative';

describe('a battle with several bad cells names them all', () => {
  it('a Legions row with two bad counts names both cells, left to right', () => {
    const s = read(
      [battle('B1')],
      [legion('B1', 'Attacker', 'M', 'x', -1), legion('B1', 'D', 'B', 4)],
    );
    expect(errorOf(s, 'B1')).toBe(`${X_COUNT}; ${NEGATIVE_COUNT}`);
  });

  it('two bad legion rows of one battle name both, top to bottom', () => {
    const s = read(
      [battle('B1')],
      [legion('B1', 'Attacker', 'M', 'x'), legion('B1', 'Defender', 'B', 2, 1.5)],
    );
    expect(errorOf(s, 'B1')).toBe(`${X_COUNT}; Legions!F3: 1.5: a count must be a whole number`);
  });

  it('a bad Battles option cell and a bad legion count: both, the Battles row first', () => {
    const s = read(
      [battle('B1', { Sea: 'maybe' })],
      [legion('B1', 'Attacker', 'M', 'x'), legion('B1', 'Defender', 'B', 4)],
    );
    expect(errorOf(s, 'B1')).toBe(`Battles!D2: sea is "maybe": expected yes or no; ${X_COUNT}`);
  });

  it('seven bad cells: the first five, then "and 2 more"', () => {
    const s = read(
      [battle('B1', { Sea: 'maybe', Fort: 7 })],
      [legion('B1', 'Attacker', 'M', 'x', -1, 'y'), legion('B1', 'Defender', 'B', 'z', 1.5)],
    );
    const error = errorOf(s, 'B1')!;
    expect(error.split('; ')).toEqual([
      'Battles!D2: sea is "maybe": expected yes or no',
      expect.stringMatching(/^Battles!E2: /),
      X_COUNT,
      NEGATIVE_COUNT,
      'Legions!G2: "y" is not a count (a whole number, 0 or more)',
      'and 2 more',
    ]);
  });

  it('a battle with one bad cell reads exactly as before', () => {
    const s = read([battle('B1')], [legion('B1', 'Attacker', 'M', 'x'), legion('B1', 'D', 'B', 4)]);
    expect(errorOf(s, 'B1')).toBe('Legions!E2: "x" is not a count (a whole number, 0 or more)');
  });

  it('leaves the other battles of the workbook as they were', () => {
    const s = read(
      [battle('B1'), battle('B2'), battle('B3')],
      [
        legion('B1', 'Attacker', 'M', 'x', -1),
        legion('B1', 'Defender', 'B', 4),
        legion('B2', 'Attacker', 'T', 3),
        legion('B2', 'Defender', 'C', 3),
        legion('B3', 'Attacker', 'A', 3, 'q'),
        legion('B3', 'Defender', 'D', 3),
      ],
    );
    expect(s.problems).toEqual([]);
    expect(errorOf(s, 'B1')).toBe(`${X_COUNT}; ${NEGATIVE_COUNT}`);
    expect(s.entries[1]).toMatchObject({ id: 'B2', error: null });
    expect(s.entries[1].spec!.attacker).toHaveLength(1);
    expect(errorOf(s, 'B3')).toBe('Legions!F6: "q" is not a count (a whole number, 0 or more)');
  });

  it('keeps the first problem it has always named first, the rest in sheet order', () => {
    // An unreadable cell was named before the row's counts were read: it stays first.
    const s = read(
      [battle('B1')],
      [legion('B1', 'Attacker', 'M', 'x', { error: '#REF!' }), legion('B1', 'D', 'B', 4)],
    );
    expect(errorOf(s, 'B1')).toBe(
      "Legions!F2: the cell shows Excel's error #REF!: fix its formula or clear the cell; " +
        X_COUNT,
    );
  });

  it('a bad side and a bad count of one row: both', () => {
    const s = read([battle('B1')], [legion('B1', 'Sideways', 'M', -2), legion('B1', 'D', 'B', 4)]);
    expect(errorOf(s, 'B1')).toBe(
      'Legions!B2: side "Sideways" is neither Attacker nor Defender; ' +
        'Legions!E2: -2: a count cannot be negative',
    );
  });

  it('unknown rules stop the battle at that cell: its legion rows are not checked', () => {
    const s = read(
      [battle('B1', { Rules: 'risk' })],
      [legion('B1', 'Attacker', 'M', 'x'), legion('B1', 'Defender', 'B', -1)],
    );
    expect(errorOf(s, 'B1')).toBe(
      `Battles!C2: unknown rules "risk" (known: ${rulesetIds().join(', ')}; blank means cote-pbem)`,
    );
  });

  it('a battle-level check runs only when the rows are good', () => {
    // No defender legion: not said while a row of the battle is bad.
    const s = read([battle('B1')], [legion('B1', 'Attacker', 'M', 'x')]);
    expect(errorOf(s, 'B1')).toBe(X_COUNT);
  });

  it('names every bad rating of a Units row and of an Armies row', () => {
    const s = readSubmission(
      table('Battles', [
        ['Battle', 'Rules'],
        ['Alesia', 'legion-battles'],
        ['Gergovia', 'fortunes-of-war'],
      ]),
      table('Legions', [LEGIONS_HEADER]),
      {
        units: table('Units', [
          ['Battle', 'Side', 'Quality', 'Discipline', 'Pila'],
          ['Alesia', 'Attacker', 'veteran', 9, 'perhaps'],
          ['Alesia', 'Defender', 'raw', '', ''],
        ]),
        armies: table('Armies', [
          ['Battle', 'Side', 'Army', 'Attack', 'Morale', 'Terrain'],
          ['Gergovia', 'Attacker', 'Legio X', 'strong', 25, 'swamp'],
          ['Gergovia', 'Defender', 'Gauls', 5, 10, ''],
        ]),
      },
    );
    expect(errorOf(s, 'Alesia')).toBe(
      'Units!D2: discipline is "9": a whole number from 0 to 6; Units!E2: pila is "perhaps": yes or no',
    );
    expect(errorOf(s, 'Gergovia')).toBe(
      'Armies!D2: attack is "strong": a whole number; ' +
        'Armies!E2: morale 25: expected a whole number from 1 to 20; ' +
        'Armies!F2: terrain is "swamp": clear, forest, mountain, sea, town, city or capital',
    );
  });

  it('names every bad cell of a Fleets row', () => {
    const s = readSubmission(
      table('Battles', [
        ['Battle', 'Rules'],
        ['Sol', 'imperium'],
      ]),
      table('Legions', [LEGIONS_HEADER]),
      {
        fleets: table('Fleets', [
          ['Battle', 'Side', 'Faction', 'Type', 'Count'],
          ['Sol', 'Attacker', 'Terran', 'ZZ', -3],
          ['Sol', 'Defender', 'Imperial', 'CR', 1],
        ]),
      },
    );
    expect(errorOf(s, 'Sol')).toBe(
      'Fleets!D2: unknown type "ZZ" (e.g. BB, CA, DD, F, PD, RT4); ' +
        'Fleets!E2: -3: a count cannot be negative',
    );
  });
});

describe('battleError: at most five, and never more than a cell holds', () => {
  const cell = (col: number, message: string) => ({ row: 1, col, message });

  it('lists five, then how many more', () => {
    const cells = Array.from({ length: 8 }, (_, i) => cell(i, `Legions!${'ABCDEFGH'[i]}2: bad`));
    const error = battleError([cells])!;
    expect(error.split('; ')).toHaveLength(MAX_PROBLEMS_LISTED + 1);
    expect(error).toMatch(/; Legions!E2: bad; and 3 more$/);
  });

  it('lists fewer when five would not fit in a cell', () => {
    const long = 'x'.repeat(10_000);
    const cells = Array.from({ length: 5 }, (_, i) => cell(i, `Legions!${'ABCDE'[i]}2: ${long}`));
    const error = battleError([cells])!;
    expect(error.length).toBeLessThanOrEqual(EXCEL_MAX_TEXT);
    expect(error).toMatch(/^Legions!A2: x+; Legions!B2: x+; Legions!C2: x+; and 2 more$/);
  });

  it('is null for a battle with no bad cells', () => {
    expect(battleError([[], []])).toBeNull();
  });
});

describe('praetor adjudicate', () => {
  it('writes every bad cell of a battle in its Results error cell; the others resolve', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'turn.xlsx'),
      await submission(
        [battle('B1', { Seed: 's' }), battle('B2', { Sea: 'maybe' })],
        [
          legion('B1', 'Attacker', 'A', 2),
          legion('B1', 'Defender', 'D', 2),
          legion('B2', 'Attacker', 'A', 'x', -1),
          legion('B2', 'Defender', 'D', 2),
        ],
      ),
    );
    const io = bufferIo();
    expect(await main(['adjudicate', join(dir, 'turn.xlsx'), '--jobs', '1'], io)).toBe(1);
    const expected =
      'Battles!D3: sea is "maybe": expected yes or no; ' +
      'Legions!E4: "x" is not a count (a whole number, 0 or more); ' +
      'Legions!F4: -1: a count cannot be negative';
    expect(io.stdout()).toContain(`${join(dir, 'turn.xlsx')}: battle B2: ${expected}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dir, 'turn.praetor.xlsx'));
    const results = wb.getWorksheet('Results')!;
    const header = results.getRow(1).values as unknown[];
    const errorCol = header.indexOf('Error');
    expect(results.getRow(2).getCell(3).value).not.toBe('error');
    expect(results.getRow(3).getCell(1).value).toBe('B2');
    expect(results.getRow(3).getCell(3).value).toBe('error');
    expect(results.getRow(3).getCell(errorCol).value).toBe(expected);
  });
});
