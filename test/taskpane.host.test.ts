import { adjudicateSubmission } from '../src/adjudicate';
import { logSheet } from '../src/log-sheet';
import { numberColumns } from '../src/sheet-layout';
import { RESULTS_HEADER, resultsSheet } from '../src/results-sheet';
import { readSubmission } from '../src/submission';
import { resolveAll, resolveOne, showOdds } from '../taskpane/actions';
import { connectExcel } from '../taskpane/excel';
import { WorkbookHost } from '../taskpane/host';
import { coreOdds } from '../taskpane/odds';
import { verifyAll } from '../taskpane/verify';
import { bigArmies, paneInput, submissionWorkbook } from './sim/fixtures';
import * as expected from './sim/expected';
import { SimFixture, SimWorkbook } from './sim/model';
import { installSim, removeSim } from './sim/office';
import { openSim } from './sim/open';

/**
 * The pane's actions through the real adapter (taskpane/excel.ts) on a simulated Excel that
 * keeps Office.js's load/sync rules and counts every sync.
 */

let model: SimWorkbook;

async function open(fixture: SimFixture): Promise<WorkbookHost> {
  const sim = await openSim(fixture);
  model = sim.model;
  return sim.host;
}

afterEach(() => removeSim(globalThis));

const cellsAt = (sheet: string, a1: string) => expected.cellsAt(model, sheet, a1);
const coreLog = (
  attacker: string,
  defender: string,
  spec: { id: string; seed?: string },
  taken: string[],
) => expected.coreLog(model, attacker, defender, spec, taken);
const { logCells } = expected;

const sheetNames = () => model.sheets.map((s) => s.name);

describe('Resolve', () => {
  test('writes the core log to a new sheet, styled, frozen and laid out, in 2 syncs', async () => {
    const host = await open(submissionWorkbook());
    const expected = coreLog(
      'Rosters!A1:B5',
      'Rosters!D1:E3',
      { id: 'B1', seed: 'alpha' },
      sheetNames(),
    );
    const report = await resolveOne(host, paneInput());
    expect(report).toMatchObject({ tone: 'success' });
    expect(report.message).toContain('“Log B1”');
    expect(model.syncCount).toBe(2);
    const sheet = model.sheet('Log B1')!;
    expect(sheet.grid()).toEqual(logCells(expected));
    const headerRow = expected.summary.length + 1;
    expect(sheet.format(headerRow, 0)).toMatchObject({ bold: true, fill: '#0F6CBD' });
    expect(sheet.format(0, 0)).toMatchObject({ bold: true, fontSize: 13 });
    expect(sheet.frozenRows).toBe(headerRow + 1);
    expect(sheet.columnWidths.size).toBe(expected.header.length);
    // The columns of numbers (the rolls) are centered, so that "4" is not read with "CAV#2".
    const numbers = numberColumns(expected.rows);
    expect(numbers.map((c) => expected.header[c])).toEqual(['Round', 'Roll', 'Target']);
    for (let c = 0; c < expected.header.length; c++) {
      const align = numbers.includes(c) ? 'Center' : undefined;
      expect([c, sheet.format(headerRow + 1, c).horizontalAlignment]).toEqual([c, align]);
    }
    expect(sheet.page).toMatchObject({
      orientation: 'Landscape',
      zoom: { horizontalFitToPages: 1, verticalFitToPages: 0 },
      printTitleRows: `$${headerRow + 1}:$${headerRow + 1}`,
    });
    expect(sheet.page.headerFooter.centerHeader).toBe('Battle B1 — cote-pbem 1.0.0');
    expect(sheet.page.headerFooter.leftFooter).toBe('seed alpha');
    expect(model.active).toBe('Log B1');
  });

  test('spans each summary line across the table, wrapped from the top, rows as tall as its lines', async () => {
    const host = await open(
      submissionWorkbook({ sheets: [{ name: 'Armies', rows: bigArmies(5) }] }),
    );
    const roster = 'Armies!A1:E11';
    const expected = coreLog(roster, roster, { id: 'B1', seed: 'alpha' }, sheetNames());
    const report = await resolveOne(host, paneInput({ attacker: roster, defender: roster }));
    expect(report.tone).toBe('success');
    expect(model.syncCount).toBe(2);
    const sheet = model.sheet('Log B1')!;
    // The values where they were: each line in column A, the cells it spans blank.
    expect(sheet.grid()).toEqual(logCells(expected));
    const summary = expected.summary.length;
    // Merged across the 9 columns of the cote-pbem table (A:I), row by row.
    expect(sheet.merges).toEqual(
      Array.from({ length: summary }, (_, r) => ({ r0: r, c0: 0, r1: r, c1: 8 })),
    );
    for (let r = 0; r < summary; r++) {
      expect([r, sheet.format(r, 0)]).toMatchObject([
        r,
        { wrapText: true, verticalAlignment: 'Top' },
      ]);
    }
    expect(sheet.format(0, 0)).toMatchObject({ bold: true, fontSize: 13 });
    // `Attacker: A1: 1 CAT 2 CAV 4 INF; ...; A5: ...` is 123 characters: at the table's 89
    // (6+9+7+5+8+7+7+20+20) it breaks after `A4: 1 CAT` (88) and goes on for 34, so 2 lines
    // of 15 points; the defender's the same. The title, 78 characters, is one line of its
    // 13-point font (17.25 points); the other lines fit, and keep Excel's height.
    expect(expected.summary[3]).toHaveLength(123);
    expect([...sheet.rowHeights].sort(([a], [b]) => a - b)).toEqual([
      [0, 17.25],
      [3, 30],
      [4, 30],
    ]);
    // The shots below are as they were: no merge, no wrapping, no height.
    const shots = [...sheet.formats.entries()].filter(
      ([key]) => Number(key.split(',')[0]) > summary,
    );
    expect(shots.filter(([, f]) => f.wrapText || f.verticalAlignment)).toEqual([]);
  });

  test('costs 2 syncs whatever the log length, and one values write per sheet', async () => {
    const counts: Record<number, { rows: number; syncs: number }> = {};
    for (const legions of [1, 6, 30]) {
      const host = await open(
        submissionWorkbook({ sheets: [{ name: 'Armies', rows: bigArmies(legions) }] }),
      );
      let valueWrites = 0;
      model.failOn = (op) => {
        if (op === 'set values') valueWrites++;
        return false;
      };
      const last = `E${2 * legions + 1}`;
      const report = await resolveOne(
        host,
        paneInput({ attacker: `Armies!A1:${last}`, defender: `Armies!A1:${last}` }),
      );
      expect(report.tone).toBe('success');
      counts[legions] = { rows: model.sheet('Log B1')!.grid().length, syncs: model.syncCount };
      expect(valueWrites).toBe(1);
      removeSim(globalThis);
    }
    expect(counts[30].rows).toBeGreaterThan(1000);
    for (const c of Object.values(counts)) expect(c.syncs).toBe(2);
  });

  test('never overwrites a sheet: Log B1 exists, so the log goes to Log B1 (2)', async () => {
    const host = await open(
      submissionWorkbook({ sheets: [{ name: 'log b1', rows: [['keep me']] }] }),
    );
    const before = JSON.stringify([...model.sheet('log b1')!.cells]);
    const report = await resolveOne(host, paneInput());
    expect(report.message).toContain('“Log B1 (2)”');
    expect(JSON.stringify([...model.sheet('log b1')!.cells])).toBe(before);
    expect(model.sheet('Log B1 (2)')!.grid().length).toBeGreaterThan(7);
  });

  test('an error in a roster cell names sheet and cell, and changes nothing', async () => {
    const host = await open(submissionWorkbook());
    model.sheet('Rosters')!.assign(2, 1, 'lots');
    const before = model.snapshot();
    const report = await resolveOne(host, paneInput());
    expect(report.tone).toBe('error');
    expect(report.message).toContain('Rosters!B3');
    expect(report.message).toContain('"lots" is not a count');
    expect(model.snapshot()).toBe(before);
    expect(model.syncCount).toBe(1);
  });

  test.each([
    ['Nowhere!A1:B4', /no sheet named “Nowhere”.*Battles, Legions, Rosters/],
    ['Missing', /no range named “Missing”/],
    ['Rate', /“Rate” is not a range of cells/],
    ['Rosters!A1:B5:C3', /is not a cell address/],
    ['', /Attacker roster: no range given/],
  ])('a bad reference %p is explained, and nothing changes', async (attacker, message) => {
    const host = await open(submissionWorkbook({ names: [{ name: 'Rate', ref: '0.5' }] }));
    const before = model.snapshot();
    const report = await resolveOne(host, paneInput({ attacker }));
    expect(report.tone).toBe('error');
    expect(report.message).toMatch(message);
    expect(model.snapshot()).toBe(before);
  });

  test('a rules error (legion too large) names the cell; nothing changes', async () => {
    const host = await open(submissionWorkbook());
    model.sheet('Rosters')!.assign(1, 1, 9);
    const before = model.snapshot();
    const report = await resolveOne(host, paneInput());
    expect(report.message).toMatch(/attacker legion at Rosters!A1.*11 combat units/);
    expect(model.snapshot()).toBe(before);
  });

  test('named ranges, the selection, whole columns and the active sheet', async () => {
    const host = await open(submissionWorkbook());
    const selection = await host.selectionAddress();
    expect(selection).toEqual({ ok: true, value: 'Rosters!D1:E3' });
    expect(await host.rangeNames()).toEqual(['AttackerRoster']);
    const report = await resolveOne(
      host,
      paneInput({ attacker: 'AttackerRoster', defender: 'D:E' }), // active sheet: Rosters
    );
    expect(report.tone).toBe('success');
    const expected = coreLog('Rosters!A1:B5', 'Rosters!D1:E3', { id: 'B1', seed: 'alpha' }, [
      'Battles',
      'Legions',
      'Rosters',
    ]);
    expect(model.sheet('Log B1')!.grid()).toEqual(logCells(expected));
  });

  test('Legions rows selected without their header, one battle picked by its id', async () => {
    const host = await open(submissionWorkbook());
    // Row 4 alone (battle 7's attacker): the sheet's header row is put back above it.
    const report = await resolveOne(
      host,
      paneInput({
        battle: '7',
        attacker: 'Legions!A4:H4',
        defender: 'Legions!A1:H9', // the whole table: only battle 7's defender is taken
        options: { sea: false, fort: '1', breachBy: 'catapult', retreat: '', rounds: '' },
        dice: { kind: 'seed', text: '42' },
      }),
    );
    expect(report.tone).toBe('success');
    const log = model.sheet('Log 7')!.grid();
    expect(log[1][0]).toBe('Options: sea=false, fort=1, breachBy=catapult, retreat=-, rounds=-');
    // A bad count in that row is reported at its real address.
    model.sheet('Legions')!.assign(3, 5, 'two');
    const bad = await resolveOne(host, paneInput({ battle: '7', attacker: 'Legions!A4:H4' }));
    expect(bad.message).toContain('Legions!F4');
  });

  test('one range for both sides without a Side column is refused: it would fight itself', async () => {
    const host = await open(submissionWorkbook());
    const before = model.snapshot();
    const report = await resolveOne(
      host,
      paneInput({ attacker: 'Rosters!A1:B5', defender: 'Rosters!A1:B5' }),
    );
    expect(report).toEqual({
      tone: 'error',
      message:
        'The attacker and the defender rosters are the same range (Rosters!A1:B5), which has no Side column: the legions would fight themselves. Give each side its own range, or add a Side column (Attacker or Defender on each row).',
      details: [],
    });
    const named = await showOdds(
      host,
      paneInput({ attacker: 'AttackerRoster', defender: 'Rosters!A1:B5' }),
      coreOdds,
    );
    expect(named.message).toContain(
      'same range (AttackerRoster (Rosters!A1:B5) and Rosters!A1:B5)',
    );
    expect(model.snapshot()).toBe(before);
    // With a Side column, one range serves both sides.
    const sided = await resolveOne(
      host,
      paneInput({ attacker: 'Legions!A1:H9', defender: 'Legions!A1:H9' }),
    );
    expect(sided.tone).toBe('success');
  });

  test('a stray cell far down, whole columns: the error names the sheet, its used range and size', async () => {
    const host = await open(submissionWorkbook());
    model.sheet('Legions')!.assign(1_048_575, 0, 'stray');
    const before = model.snapshot();
    model.syncCount = 0;
    const report = await resolveOne(
      host,
      paneInput({ battle: 'B1', attacker: 'Legions!A:H', defender: 'Legions!A:H' }),
    );
    expect(report).toEqual({
      tone: 'error',
      message:
        "Excel could not read Legions!A:H: 8388608 cells are too many to load at once. The largest sheet read, Legions, uses Legions!A1:H1048576 (8,388,608 cells): clear any cells far below or right of its data, or give the roster's rows only (such as A1:H40) rather than whole columns.",
      details: [],
    });
    expect(model.syncCount).toBeLessThanOrEqual(3);
    expect(model.snapshot()).toBe(before);
  });

  test('a stray cell far down: Resolve all names the sheets read, the largest and its used range', async () => {
    const host = await open(submissionWorkbook());
    model.sheet('Legions')!.assign(1_048_575, 0, 'stray');
    const before = model.snapshot();
    expect(await resolveAll(host)).toEqual({
      tone: 'error',
      message:
        'Excel could not read the sheets Battles, Legions: 8388608 cells are too many to load at once. The largest, Legions, uses Legions!A1:H1048576 (8,388,608 cells): clear any cells far below or right of its data.',
      details: [],
    });
    expect(model.snapshot()).toBe(before);
  });

  test('scripted dice that run out: an error, nothing written', async () => {
    const host = await open(submissionWorkbook());
    const before = model.snapshot();
    const report = await resolveOne(host, paneInput({ dice: { kind: 'rolls', text: '1, 2, 3' } }));
    expect(report).toMatchObject({
      tone: 'error',
      message: expect.stringMatching(/scripted dice ran out after 3 dice/),
    });
    expect(model.snapshot()).toBe(before);
  });

  test('on an ExcelApi 1.7 host there is no print layout, and the log is still written', async () => {
    const host = await open(submissionWorkbook({ apiVersion: '1.7' }));
    expect(host.features.printLayout).toBe(false);
    const report = await resolveOne(host, paneInput());
    expect(report.tone).toBe('success');
    expect(model.sheet('Log B1')!.page).toEqual({ headerFooter: {} });
    expect(model.sheet('Log B1')!.frozenRows).toBeGreaterThan(0);
  });

  test('a write that fails half way is undone: the workbook is as it was', async () => {
    const host = await open(submissionWorkbook());
    const before = model.snapshot();
    model.failOn = (op) => op === 'freezeRows';
    const report = await resolveOne(host, paneInput());
    expect(report).toMatchObject({
      tone: 'error',
      message: expect.stringMatching(/Nothing was changed/),
    });
    expect(model.snapshot()).toBe(before);
  });
});

describe('Resolve all', () => {
  test('writes the same Results cells as adjudicateSubmission + resultsSheet, in 3 syncs', async () => {
    const host = await open(submissionWorkbook());
    const battles = cellsAt('Battles', 'A1:J5');
    const legions = cellsAt('Legions', 'A1:H9');
    const submission = readSubmission(battles, legions);
    const all = adjudicateSubmission(submission);
    const expected = resultsSheet(all, submission.problems, submission.warnings);
    const report = await resolveAll(host);
    expect(model.syncCount).toBe(3);
    expect(model.sheet('Results')!.grid()).toEqual(expected);
    // Text stays text: the battle "=2+3", the seed "42", the leader "=evil()".
    const results = model.sheet('Results')!;
    expect(results.cell(3, 0)).toMatchObject({ value: '=2+3', textPrefix: true });
    expect(results.cell(2, 8)).toMatchObject({ value: '42' });
    expect([...results.cells.values()].some((c) => c.formula)).toBe(false);
    // The Seed and Error columns wrap below their header, as praetor adjudicate writes them (a
    // derived seed runs to hundreds of characters); the rows are fitted to them (below).
    const error = RESULTS_HEADER.indexOf('Error');
    const seed = RESULTS_HEADER.indexOf('Seed');
    const diceUsed = RESULTS_HEADER.indexOf('Dice used');
    for (let r = 1; r < expected.length; r++) {
      expect(results.format(r, error)).toMatchObject({ wrapText: true });
      expect([r, results.format(r, seed).wrapText]).toEqual([r, true]);
      expect(results.format(r, diceUsed).wrapText).toBeUndefined();
    }
    expect(results.format(0, error).wrapText).toBeUndefined();
    expect(results.format(0, seed).wrapText).toBeUndefined();
    // Every cell below the header reads from the top of its row, however tall the wrapped error
    // makes it; the header, and the logs' shots (rows of one line), keep Excel's alignment.
    for (let r = 0; r < expected.length; r++) {
      for (let c = 0; c < RESULTS_HEADER.length; c++) {
        const top = r > 0 ? 'Top' : undefined;
        expect([r, c, results.format(r, c).verticalAlignment]).toEqual([r, c, top]);
      }
    }
    // A log's summary lines (above its blank row) are wrapped from the top; nothing else is.
    const logFormats = model.sheets
      .filter((s) => s.name.startsWith('Log '))
      .flatMap((s) => {
        const blank = s.grid().findIndex((row) => row.every((v) => v === ''));
        return [...s.formats.entries()].filter(([key]) => Number(key.split(',')[0]) > blank);
      })
      .map(([, f]) => f);
    expect(logFormats.length).toBeGreaterThan(0);
    expect(logFormats.filter((f) => f.verticalAlignment !== undefined)).toEqual([]);
    expect([...results.autofitRows].sort((a, b) => a - b)).toEqual(
      expected.slice(1).map((_, i) => i + 1),
    );
    // A log per resolved battle, the same as the core's; the bad battle's error names its cell.
    const taken = ['Battles', 'Legions', 'Rosters', 'Results'];
    for (const a of all) {
      if (!a.outcome.ok) continue;
      const log = logSheet(a.outcome.value, new Set(taken));
      taken.push(log.name);
      expect(model.sheet(log.name)!.grid()).toEqual(logCells(log));
    }
    expect(taken.slice(4)).toEqual(['Log B1', 'Log 7', 'Log =2+3']);
    expect(report.tone).toBe('warning');
    expect(report.details.join('\n')).toContain('Battles!J5');
    expect(
      model.sheets.some((s) => s.cells.size > 0 && [...s.cells.values()].some((c) => c.formula)),
    ).toBe(false);
  });

  test('reads Excel tables named Battles and Legions on any sheet, totals row left out', async () => {
    const host = await open({
      sheets: [
        {
          name: 'Orders',
          at: 'C3',
          rows: [
            ...submissionWorkbook().sheets[0].rows,
            ['Total', '', '', '', '', '', '', '', '', ''],
          ],
        },
        { name: 'Forces', at: 'B2', rows: submissionWorkbook().sheets[1].rows },
      ],
      tables: [
        { name: 'Battles', ref: 'Orders!C3:L8', showTotals: true },
        { name: 'Legions', ref: 'Forces!B2:I10' },
      ],
    });
    const battles = cellsAt('Orders', 'C3:L7');
    const legions = cellsAt('Forces', 'B2:I10');
    const submission = readSubmission(battles, legions);
    const expected = resultsSheet(
      adjudicateSubmission(submission),
      submission.problems,
      submission.warnings,
    );
    await resolveAll(host);
    expect(model.sheet('Results')!.grid()).toEqual(expected);
    expect(model.sheet('Results')!.grid()[4][9]).toContain('Orders!L7');
  });

  test('with no Battles sheet: a plain error, nothing written', async () => {
    const host = await open({ sheets: [{ name: 'Legions', rows: [['Battle']] }] });
    const before = model.snapshot();
    const report = await resolveAll(host);
    expect(report).toMatchObject({
      tone: 'error',
      message: expect.stringMatching(/no Battles table and no sheet named “Battles”/),
    });
    expect(model.snapshot()).toBe(before);
  });

  test('reads a Fleets sheet for imperium battles, as praetor adjudicate does', async () => {
    const battles = [
      ['Battle', 'Rules', 'Range', 'Seed'],
      ['Sol', 'imperium', 'short', 'sol'],
    ];
    const legions = [['Battle', 'Side', 'Player', 'Leader', 'Infantry']];
    const fleets = [
      ['Battle', 'Side', 'Faction', 'Type', 'Count', 'Damaged', 'Fleet marker'],
      ['Sol', 'Attacker', 'Terran', 'DD', 2, '', 'TF1'],
      ['Sol', 'Defender', 'Imperial', 'CR', 1, 'no', 'IF1'],
    ];
    const host = await open({
      sheets: [
        { name: 'Battles', rows: battles },
        { name: 'Legions', rows: legions },
        { name: 'Fleets', rows: fleets },
      ],
    });
    const submission = readSubmission(cellsAt('Battles', 'A1:D2'), cellsAt('Legions', 'A1:E1'), {
      fleets: cellsAt('Fleets', 'A1:G3'),
    });
    const all = adjudicateSubmission(submission);
    expect(all[0].outcome.ok).toBe(true);
    const report = await resolveAll(host);
    expect(report.tone).toBe('success');
    expect(model.sheet('Results')!.grid()).toEqual(
      resultsSheet(all, submission.problems, submission.warnings),
    );
    expect(model.sheet('Log Sol')).toBeDefined();
  });

  test('reads a Units sheet for legion-battles battles; Verify replays them', async () => {
    const battles = [
      ['Battle', 'Rules', 'Seed'],
      ['Alesia', 'legion-battles', 'alesia'],
    ];
    const legions = [['Battle', 'Side', 'Player', 'Leader', 'Infantry']];
    const units = [
      ['Battle', 'Side', 'Unit', 'Quality', 'Discipline', 'Pila', 'Numbers', 'PC'],
      ['Alesia', 'Attacker', 'nobles', 'trained', 3, '', 2, ''],
      ['Alesia', 'Defender', 'Century', 'trained century', '', 'yes', '', 'Septimius fight 3/2'],
    ];
    const host = await open({
      sheets: [
        { name: 'Units', rows: units },
        { name: 'Battles', rows: battles },
        { name: 'Legions', rows: legions },
      ],
    });
    const submission = readSubmission(cellsAt('Battles', 'A1:C2'), cellsAt('Legions', 'A1:E1'), {
      units: cellsAt('Units', 'A1:H3'),
    });
    expect(submission.entries[0].error).toBeNull();
    const all = adjudicateSubmission(submission);
    expect(all[0].outcome.ok).toBe(true);
    const report = await resolveAll(host);
    expect(report.tone).toBe('success');
    expect(model.sheet('Results')!.grid()).toEqual(
      resultsSheet(all, submission.problems, submission.warnings),
    );
    expect(model.sheet('Log Alesia')).toBeDefined();
    expect(await verifyAll(host)).toMatchObject({ tone: 'success' });
  });

  test('Results never overwrites: an existing Results sheet makes Results (2)', async () => {
    const host = await open(submissionWorkbook({ sheets: [{ name: 'Results', rows: [['old']] }] }));
    await resolveAll(host);
    expect(model.sheet('Results')!.grid()).toEqual([['old']]);
    expect(model.sheet('Results (2)')!.grid()[0][0]).toBe('Battle');
  });
});

test('Odds: read only, the chances in the pane', async () => {
  const host = await open(submissionWorkbook());
  const before = model.snapshot();
  const report = await showOdds(host, paneInput(), coreOdds);
  expect(report.tone).toBe('success');
  expect(report.details[0]).toMatch(/^Attacker wins: \d+\.\d%/);
  expect(report.details.join('\n')).toMatch(/Exact|Monte Carlo/);
  expect(model.snapshot()).toBe(before);
  expect(model.syncCount).toBe(1);
});

test('connectExcel refuses other hosts and Excel below ExcelApi 1.7', async () => {
  model = SimWorkbook.from({ sheets: [], apiVersion: '1.6' });
  installSim(globalThis, model);
  expect(await connectExcel()).toMatchObject({
    ok: false,
    error: expect.stringMatching(/needs ExcelApi 1.7/),
  });
  installSim(globalThis, model, 'Word');
  expect(await connectExcel()).toMatchObject({
    ok: false,
    error: expect.stringMatching(/Excel add-in/),
  });
});
