import { hiddenCells } from '../taskpane/hidden';
import { resolveAll, resolveOne, showOdds, SUBMISSION_TABLES } from '../taskpane/actions';
import { HIDDEN_UNCHECKED } from '../taskpane/excel';
import { coreOdds } from '../taskpane/odds';
import { adjudicateSubmission } from '../src/adjudicate';
import { resultsSheet } from '../src/results-sheet';
import { readSubmission } from '../src/submission';
import { cellsAt } from './sim/expected';
import { paneInput, submissionWorkbook } from './sim/fixtures';
import { SimFixture, SimWorkbook } from './sim/model';
import { removeSim } from './sim/office';
import { openSim } from './sim/open';
import { describeInBrowser, panePages, paneStatus, sheetGrid } from './sim/pane-page';
import { SimContext } from './sim/proxies';

/**
 * Hidden rows and columns in the tables Resolve all and Verify read: the adapter asks Excel
 * for the cells it shows (ExcelApi 1.9) and gives the core the rest as hidden, so that the
 * pane's Results warn of them as `praetor adjudicate` does; an older host reads as before.
 */

jest.setTimeout(60_000);

/** The submission with Legions row 9 (battle B4's defender) and column F (Cavalry) hidden. */
function hiddenWorkbook(extra: Partial<SimFixture> = {}): SimFixture {
  const fixture = submissionWorkbook(extra);
  fixture.sheets[1] = { ...fixture.sheets[1], hiddenRows: [9], hiddenColumns: ['F'] };
  return fixture;
}

/** The Results the core writes for the workbook, given the Legions grid's hidden cells. */
function coreResults(model: SimWorkbook, hidden?: { rows: number[]; columns: number[] }) {
  const battles = cellsAt(model, 'Battles', 'A1:J5');
  const legions = { ...cellsAt(model, 'Legions', 'A1:H9'), ...(hidden ? { hidden } : {}) };
  const submission = readSubmission(battles, legions);
  return resultsSheet(adjudicateSubmission(submission), submission.problems, submission.warnings);
}

describe('hidden rows and columns through the adapter', () => {
  afterEach(() => removeSim(globalThis));

  test('readTables gives each grid its hidden rows and columns, in its own terms', async () => {
    const { model, host } = await openSim(hiddenWorkbook());
    const read = await host.readTables(SUBMISSION_TABLES);
    if (!read.ok) throw new Error(read.error);
    const [battles, legions] = read.value.required;
    expect(legions.hidden).toEqual({ rows: [8], columns: [5] });
    expect(battles.hidden).toBeUndefined();
    expect(model.syncCount).toBe(2);
  });

  test('Resolve all writes the Results of the core given them: the two warnings', async () => {
    const { model, host } = await openSim(hiddenWorkbook());
    const report = await resolveAll(host);
    const results = model.sheet('Results')!.grid();
    expect(results).toEqual(coreResults(model, { rows: [8], columns: [5] }));
    expect(report.details).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Legions!A9: row 9 is hidden, but Praetor reads it/),
        expect.stringMatching(/^Legions!F1: column F \("Cavalry"\) is hidden/),
      ]),
    );
  });

  test('Excel failing to list the cells it shows: the tables are read without, as before', async () => {
    const { model, host } = await openSim(hiddenWorkbook());
    model.failOn = (op) => op === 'getSpecialCells';
    const report = await resolveAll(host);
    expect(report.tone).not.toBe('error');
    expect(model.sheet('Results')!.grid()).toEqual(coreResults(model));
  });

  test('a host without ExcelApi 1.9 reads the tables as before, with no such warning', async () => {
    const { model, host } = await openSim(hiddenWorkbook({ apiVersion: '1.8' }));
    const read = await host.readTables(SUBMISSION_TABLES);
    if (!read.ok) throw new Error(read.error);
    expect(read.value.required.map((g) => 'hidden' in g)).toEqual([false, false]);
    await resolveAll(host);
    expect(model.sheet('Results')!.grid()).toEqual(coreResults(model));
  });
});

describe('hidden rows and columns of a roster range (Resolve and Odds)', () => {
  afterEach(() => removeSim(globalThis));

  const ROW_9 =
    'Legions!A9: row 9 is hidden, but Praetor reads it like any other row: unhide it, or delete it if it holds no orders';
  const COLUMN_F =
    'Legions!F1: column F ("Cavalry") is hidden, but Praetor reads it like any other: unhide it, or clear it if it holds no orders';
  const legions = (battle: string, range = 'Legions!A1:H9') =>
    paneInput({ battle, attacker: range, defender: range });

  test('Resolve warns of them as Resolve all does, once for the range both sides share, in 2 syncs', async () => {
    const { model, host } = await openSim(hiddenWorkbook());
    const report = await resolveOne(host, legions('B4'));
    expect(report.tone).toBe('warning');
    expect(report.details.slice(1)).toEqual([ROW_9, COLUMN_F]);
    expect(model.syncCount).toBe(2);
    expect(model.sheet('Log B4')).toBeDefined();
  });

  test('legion rows selected without their header: the hidden row keeps its own number', async () => {
    const { host } = await openSim(hiddenWorkbook());
    const report = await resolveOne(host, legions('B4', 'Legions!A8:H9'));
    expect(report.details).toContain(ROW_9);
  });

  test('a range that reaches no hidden row or column: no warning', async () => {
    const { host } = await openSim(hiddenWorkbook());
    const report = await resolveOne(host, legions('B1', 'Legions!A1:E5'));
    expect(report.tone).toBe('success');
    expect(report.details).toHaveLength(1);
  });

  test('Odds warns of them too, in its one sync', async () => {
    const { model, host } = await openSim(hiddenWorkbook());
    const report = await showOdds(host, legions('B4'), coreOdds);
    expect(report.tone).toBe('warning');
    expect(report.details.slice(-2)).toEqual([ROW_9, COLUMN_F]);
    expect(model.syncCount).toBe(1);
  });

  test('Excel failing to list the cells it shows: Resolve says the check was skipped', async () => {
    const { model, host } = await openSim(hiddenWorkbook());
    model.failOn = (op) => op === 'getSpecialCells';
    const report = await resolveOne(host, legions('B4'));
    expect(report.tone).toBe('warning');
    expect(report.details.slice(1)).toEqual([HIDDEN_UNCHECKED]);
    expect(model.sheet('Log B4')).toBeDefined();
  });

  test('Excel failing to list the cells it shows: Resolve all says so too', async () => {
    const { model, host } = await openSim(hiddenWorkbook());
    model.failOn = (op) => op === 'getSpecialCells';
    const report = await resolveAll(host);
    expect(report.details).toContain(HIDDEN_UNCHECKED);
  });

  test('a host without ExcelApi 1.9: nothing to say', async () => {
    const { host } = await openSim(hiddenWorkbook({ apiVersion: '1.8' }));
    const report = await resolveOne(host, legions('B4'));
    expect(report.tone).toBe('success');
  });
});

describe('the simulated getSpecialCellsOrNullObject', () => {
  afterEach(() => removeSim(globalThis));

  test('gives the runs of visible rows by the runs of visible columns; none: a null object', async () => {
    const ctx = new SimContext(SimWorkbook.from(hiddenWorkbook()));
    const sheet = ctx.workbook.worksheets.getItem('Legions');
    const visible = sheet.getRange('E7:G9').getSpecialCellsOrNullObject('Visible');
    visible.load('address');
    const none = sheet.getRange('F9').getSpecialCellsOrNullObject('Visible');
    none.load('address');
    await ctx.sync();
    expect(visible.address).toBe('Legions!E7:E8, Legions!G7:G8');
    expect(none.isNullObject).toBe(true);
  });
});

test('hiddenCells: rows and columns of the span no visible area reaches, in grid terms', () => {
  const span = { top: 2, left: 2, bottom: 5, right: 4 };
  const visible = [
    { top: 2, left: 2, bottom: 3, right: 2 },
    { top: 5, left: 2, bottom: 5, right: 2 },
    { top: 2, left: 4, bottom: 3, right: 4 },
  ];
  // The grid starts at A1 (a sheet padded to column A): columns A and B are outside the span.
  expect(hiddenCells(visible, span, { sheet: 'S', row: 2, col: 0 }, 4, 5)).toEqual({
    rows: [2],
    columns: [3],
  });
  expect(hiddenCells([span], span, { sheet: 'S', row: 2, col: 0 }, 4, 5)).toBeUndefined();
});

describeInBrowser('hidden rows in the taskpane in a browser', () => {
  const pages = panePages();

  test('Resolve all warns of the hidden row and column, as the core does', async () => {
    const fixture = hiddenWorkbook();
    const page = await pages.open(fixture);
    await page.click('#resolve-all');
    await paneStatus(page);
    expect(await sheetGrid(page, 'Results')).toEqual(
      coreResults(SimWorkbook.from(fixture), { rows: [8], columns: [5] }),
    );
    await page.close();
  });
});
