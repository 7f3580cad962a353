import ExcelJS from 'exceljs';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adjudicateFile } from '../headless/adjudicate-file';
import { readForVerify } from '../headless/workbook/verify-read';
import { adjudicateSubmission } from '../src/adjudicate';
import { resultsSheet } from '../src/results-sheet';
import { readSubmission } from '../src/submission';
import { verifyWorkbook } from '../src/verify';
import { resolveAll } from '../taskpane/actions';
import { WorkbookHost } from '../taskpane/host';
import { readPastedKey, sessionSeal } from '../taskpane/seal';
import { verifyAll } from '../taskpane/verify';
import { submissionWorkbook, unseededWorkbook } from './sim/fixtures';
import * as expected from './sim/expected';
import { parseA1, SimFixture, SimValue, SimWorkbook } from './sim/model';
import { removeSim } from './sim/office';
import { openSim } from './sim/open';

/**
 * Sealed dice and Verify in the pane, through the real adapter (taskpane/excel.ts) on the
 * simulated Excel: Resolve all with a session key, then Verify reading Results and the logs.
 */

const KEY = 'a5'.repeat(32);
const COMMITMENT = createHash('sha256').update(Buffer.from(KEY, 'hex')).digest('hex');
const SEAL = { key: KEY, game: 'Rome', turn: 3 };

let model: SimWorkbook;

async function open(fixture: SimFixture): Promise<WorkbookHost> {
  const sim = await openSim(fixture);
  model = sim.model;
  return sim.host;
}

afterEach(() => removeSim(globalThis));

/** Every value of every sheet, as text. */
const everything = () =>
  model.sheets.flatMap((s) => [...s.cells.values()].map((c) => `${c.value}${c.formula ?? ''}`));

/** The 0-based row of a log's shot `n`. */
function shotRow(sheet: string, n: number): number {
  const grid = model.sheet(sheet)!.grid();
  return grid.findIndex((row) => row[0] === 'Round') + n;
}

describe('Resolve all with a sealed key', () => {
  test('writes the Results of adjudicateSubmission with the seal, in 3 syncs, never the key', async () => {
    const host = await open(unseededWorkbook());
    const submission = readSubmission(
      expected.cellsAt(model, 'Battles', 'A1:J5'),
      expected.cellsAt(model, 'Legions', 'A1:H9'),
    );
    const want = resultsSheet(
      adjudicateSubmission(submission, SEAL),
      submission.problems,
      submission.warnings,
    );
    const report = await resolveAll(host, SEAL);
    expect(model.syncCount).toBe(3);
    expect(report.tone).toBe('success');
    expect(report.details).toContain(`Dice sealed: game “Rome”, turn 3, commitment ${COMMITMENT}.`);
    const results = model.sheet('Results')!.grid();
    expect(results).toEqual(want);
    expect(results[0].slice(10)).toEqual(['Game', 'Turn', 'Commitment']);
    expect(results[1].slice(8)).toEqual(['sealed', '', 'Rome', 3, COMMITMENT]);
    expect(everything().some((v) => v.toLowerCase().includes(KEY))).toBe(false);
  });

  test('a battle with its own Seed is an error naming the cell; the others resolve', async () => {
    const host = await open(submissionWorkbook());
    const report = await resolveAll(host, SEAL);
    expect(report.tone).toBe('warning');
    expect(report.details.join('\n')).toContain(
      'Battles!I2: battle "B1" gives its own Seed, but this turn\'s dice are sealed',
    );
    expect(report.details.join('\n')).toContain('Battles!J5: battle "B4" gives its own Dice');
  });
});

describe('Verify', () => {
  test('after Resolve all: every result and shot replays; 2 syncs, nothing written', async () => {
    const host = await open(submissionWorkbook());
    await resolveAll(host);
    const before = model.snapshot();
    model.syncCount = 0;
    const report = await verifyAll(host);
    expect(report).toMatchObject({ tone: 'success' });
    expect(report.message).toMatch(
      /^Verified: 4 battles and \d+ logged shots of “Results” replay exactly\.$/,
    );
    // B4's three scripted dice run out: its error comes out again.
    expect(report.details).toContain('1 battle was not fought: the replay gives its error again.');
    expect(model.syncCount).toBe(2);
    expect(model.snapshot()).toBe(before);
  });

  test('sealed: needs the key, refuses another, and names a changed roll', async () => {
    const host = await open(unseededWorkbook());
    await resolveAll(host, SEAL);
    expect(await verifyAll(host)).toMatchObject({
      tone: 'error',
      message: expect.stringMatching(
        /^The dice of Results are sealed \(commitment [0-9a-f]{64} at Results!M2\)/,
      ),
    });
    const good = await verifyAll(host, { key: KEY, game: 'Rome' });
    expect(good).toMatchObject({
      tone: 'success',
      message: expect.stringMatching(/The key matches the commitment\.$/),
    });
    const other = await verifyAll(host, { key: 'b6'.repeat(32) });
    expect(other.tone).toBe('error');
    expect(other.details[0]).toContain('the key does not match the commitment: Results!M2 says');
    expect(other.message).toBe(
      'The key does not match the commitment posted at Results!M2: it is not the key these dice were sealed with, so no battle was replayed. Load the key the game master revealed for this turn.',
    );

    const row = shotRow('Log B1', 2);
    const roll = model.sheet('Log B1')!.value(row, 3) as number;
    model.sheet('Log B1')!.assign(row, 3, (roll % 6) + 1);
    const changed = await verifyAll(host, { key: KEY });
    expect(changed).toMatchObject({
      tone: 'error',
      message: expect.stringMatching(/^1 mismatch in 4 battles/),
    });
    expect(changed.details[0]).toBe(
      `battle B1, shot 2 ('Log B1'!D${row + 1}): the log says Roll "${(roll % 6) + 1}"; the dice say Roll "${roll}"`,
    );
  });

  test('a missing log sheet and a changed Results cell are named', async () => {
    const host = await open(submissionWorkbook());
    await resolveAll(host);
    model.sheets.splice(
      model.sheets.findIndex((s) => s.name === 'Log 7'),
      1,
    );
    model.sheet('Results')!.assign(1, 1, 'defender');
    const report = await verifyAll(host);
    expect(report.tone).toBe('error');
    expect(report.details).toEqual(
      expect.arrayContaining([
        'battle 7: the workbook has no sheet "Log 7" (its log)',
        expect.stringMatching(
          /^battle B1: Results!B2: Results say Winner "defender"; the replay says Winner/,
        ),
      ]),
    );
  });

  test('a workbook never resolved: a plain error', async () => {
    const host = await open(submissionWorkbook());
    expect(await verifyAll(host)).toMatchObject({
      tone: 'error',
      message: 'The workbook has no Results sheet: adjudicate it first.',
    });
  });
});

describe('Verify checks what the checked cells show, as praetor verify does', () => {
  const FORMULA =
    'Praetor writes values only, and Excel may show what the formula computes rather than the saved value checked';
  const FORMAT =
    'Praetor writes no number formats, and this one may show other text than the value checked';
  const HIDDEN = 'Praetor never hides a sheet, so what is shown may not be what is checked';

  /** Resolve all, then a change to the model that only the looks of the sheets give away. */
  async function tampered(change: () => void) {
    const host = await open(submissionWorkbook());
    await resolveAll(host);
    expect(await verifyAll(host)).toMatchObject({ tone: 'success' });
    change();
    model.syncCount = 0;
    const report = await verifyAll(host);
    expect(model.syncCount).toBe(2);
    return report;
  }

  test('a Results cell holding a formula, its saved value unchanged', async () => {
    const report = await tampered(() => {
      const results = model.sheet('Results')!;
      const rounds = results.value(1, 3) as number;
      results.setFormula(1, 3, `=${rounds - 1}+1`, rounds);
    });
    const rounds = model.sheet('Results')!.value(1, 3) as number;
    expect(report).toMatchObject({
      tone: 'error',
      message: expect.stringMatching(/^1 mismatch in 4 battles/),
    });
    expect(report.details[0]).toBe(`Results!D2: holds a formula (=${rounds - 1}+1): ${FORMULA}`);
  });

  test('a Log cell with the number format "6"', async () => {
    const row = () => shotRow('Log B1', 1);
    const report = await tampered(() => {
      model.sheet('Log B1')!.format(row(), 3).numberFormat = '"6"';
    });
    expect(report).toMatchObject({
      tone: 'error',
      message: expect.stringMatching(/^1 mismatch in 4 battles/),
    });
    expect(report.details[0]).toBe(
      `battle B1: 'Log B1'!D${row() + 1}: has the number format "\\"6\\"": ${FORMAT}`,
    );
  });

  test('a hidden Log sheet, a very hidden Results sheet', async () => {
    const hidden = await tampered(() => (model.sheet('Log B1')!.visibility = 'Hidden'));
    expect(hidden.details).toEqual([`battle B1: sheet 'Log B1': the sheet is hidden; ${HIDDEN}`]);
    const veryHidden = await tampered(() => (model.sheet('Results')!.visibility = 'VeryHidden'));
    expect(veryHidden.details).toEqual([`sheet 'Results': the sheet is very hidden; ${HIDDEN}`]);
  });

  test('5 cells listed a sheet, the rest counted; General and Text formats pass', async () => {
    const first = () => shotRow('Log B1', 1);
    const report = await tampered(() => {
      const log = model.sheet('Log B1')!;
      for (let i = 0; i < 7; i++) log.format(first() + i, 3).numberFormat = '0.0';
      log.format(first(), 0).numberFormat = '@';
      log.format(first(), 1).numberFormat = 'General';
    });
    expect(report.message).toMatch(/^6 mismatches/);
    expect(report.details.slice(0, 6)).toEqual([
      ...[0, 1, 2, 3, 4].map(
        (i) => `battle B1: 'Log B1'!D${first() + i + 1}: has the number format "0.0": ${FORMAT}`,
      ),
      `battle B1: 'Log B1'!D${first() + 6}: and 2 more cells of 'Log B1' with a formula or a number format, from here on`,
    ]);
  });
});

describe('Verify and praetor verify on the same tampered .xlsx', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'praetor-pane-verify-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A sheet's cells as the simulated Excel holds them: text kept as text, formulas saved. */
  function loadSheet(ws: ExcelJS.Worksheet): void {
    const sheet = model.sheet(ws.name) ?? model.addSheet(ws.name);
    sheet.visibility =
      ({ hidden: 'Hidden', veryHidden: 'VeryHidden' } as const)[
        ws.state as 'hidden' | 'veryHidden'
      ] ?? 'Visible';
    // Merged areas as Excel holds them: the value in the top-left cell, the others blank
    // (exceljs gives each covered cell the area's value).
    for (const ref of (ws.model as unknown as { merges: string[] }).merges) {
      sheet.merges.push(parseA1(ref)!);
    }
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.isMerged && cell.master !== cell) return;
        const [r, c] = [Number(cell.row) - 1, Number(cell.col) - 1];
        const value = cell.value as ExcelJS.CellValue;
        if (cell.formula !== undefined) {
          sheet.setFormula(r, c, `=${cell.formula}`, cell.result as SimValue);
        } else if (typeof value === 'string') {
          sheet.assign(r, c, `'${value}`);
        } else if (typeof value === 'number' || typeof value === 'boolean') {
          sheet.assign(r, c, value);
        } else {
          throw new Error(`the test does not load the cell value ${JSON.stringify(value)}`);
        }
        if (cell.numFmt !== undefined) sheet.format(r, c).numberFormat = cell.numFmt;
      }),
    );
  }

  test('the same mismatches, in the same order, word for word', async () => {
    const adjudicated = join(dir, 'turn-3.praetor.xlsx');
    const cli = await adjudicateFile({
      input: join(__dirname, '..', 'examples', 'turn-3.xlsx'),
      output: adjudicated,
      force: true,
    });
    expect(cli.error).toBeNull();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(adjudicated);
    const results = wb.getWorksheet('Results')!;
    const rounds = results.getCell('D3').value as number;
    results.getCell('D3').value = { formula: `${rounds - 1}+1`, result: rounds };
    const log = wb.getWorksheet('Log B1')!;
    // A style of its own: exceljs shares one style object between cells read alike.
    const format = (cell: ExcelJS.Cell, numFmt: string) => (cell.style = { ...cell.style, numFmt });
    // The summary (7 lines), the blank row, the header, and the first shot's Roll.
    for (let r = 1; r <= 9; r++) format(log.getCell(r, 1), ';;;');
    format(log.getCell(10, 4), '@');
    wb.getWorksheet('Log B2')!.state = 'hidden';
    wb.getWorksheet('Log B3')!.state = 'veryHidden';
    const path = join(dir, 'tampered.xlsx');
    await wb.xlsx.writeFile(path);

    const read = await readForVerify(path);
    if (!read.ok) throw new Error(read.error);
    const checked = verifyWorkbook(read.value);
    if (!checked.ok) throw new Error(checked.error);
    const messages = checked.value.mismatches.map((m) => m.message);
    // Log B1's row 8 is blank: a format there shows nothing, and neither reader names it.
    expect(messages).toHaveLength(9);
    expect(messages[0]).toMatch(/^Results!D3: holds a formula \(=\d+\+1\): Praetor writes/);
    expect(messages[6]).toMatch(/^battle B1: 'Log B1'!A6: and 3 more cells of 'Log B1'/);
    expect(messages.slice(7)).toEqual([
      expect.stringMatching(/^battle B2: sheet 'Log B2': the sheet is hidden;/),
      expect.stringMatching(/^battle B3: sheet 'Log B3': the sheet is very hidden;/),
    ]);

    const host = await open({ sheets: [] });
    const saved = new ExcelJS.Workbook();
    await saved.xlsx.readFile(path);
    saved.worksheets.forEach(loadSheet);
    model.active = 'Battles';
    const report = await verifyAll(host);
    expect(report.tone).toBe('error');
    expect(report.message).toMatch(/^9 mismatches in 5 battles/);
    expect(report.details.slice(0, messages.length)).toEqual(messages);
  });
});

describe('the session key', () => {
  test('pasted as hex or as the key file; its commitment shown; a changed file refused', () => {
    expect(readPastedKey(` ${KEY.toUpperCase()} `)).toEqual({
      ok: true,
      value: { key: KEY, commitment: COMMITMENT },
    });
    const file = JSON.stringify({ game: 'Rome', key: KEY, commitment: COMMITMENT });
    expect(readPastedKey(file)).toEqual({
      ok: true,
      value: { key: KEY, commitment: COMMITMENT, game: 'Rome' },
    });
    const forged = JSON.stringify({ game: 'Rome', key: KEY, commitment: 'ab'.repeat(32) });
    expect(readPastedKey(forged)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/the file was changed/),
    });
    expect(readPastedKey('')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Paste the game key/),
    });
    expect(readPastedKey('1234')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not a game key/),
    });
  });

  test("a key file's game is binding: another Game is refused, as adjudicate --key takes the file's", () => {
    const session = { key: KEY, commitment: COMMITMENT, game: 'Rome' };
    expect(sessionSeal(session, 'Rome', '3')).toEqual({ ok: true, value: SEAL });
    expect(sessionSeal(session, 'Carthage', '3')).toEqual({
      ok: false,
      error:
        'The loaded key file is for game “Rome”, not “Carthage”: its game fixes every die. Set Game to Rome, or load the key of “Carthage”.',
    });
  });

  test('Resolve all with a key needs the game and the turn', () => {
    const session = { key: KEY, commitment: COMMITMENT };
    expect(sessionSeal(session, 'Rome', '3')).toEqual({ ok: true, value: SEAL });
    expect(sessionSeal(session, '', '3')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/fill in Game/),
    });
    expect(sessionSeal(session, 'Rome', '')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/need the turn/),
    });
  });
});
