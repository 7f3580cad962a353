import { GridMerge } from '../src/merged-cells';
import { adjudicateSubmission } from '../src/adjudicate';
import { resultsSheet } from '../src/results-sheet';
import * as submissionModule from '../src/submission';
import { readSubmission } from '../src/submission';
import { resolveAll, resolveOne, showOdds, SUBMISSION_TABLES } from '../taskpane/actions';
import { MERGES_UNREAD } from '../taskpane/excel';
import { verifyAll } from '../taskpane/verify';
import { cellsAt } from './sim/expected';
import { coreOdds } from '../taskpane/odds';
import { LEGIONS, mergedLegionsWorkbook, paneInput, submissionWorkbook } from './sim/fixtures';
import { SimFixture, SimValue, SimWorkbook } from './sim/model';
import { removeSim } from './sim/office';
import { openSim } from './sim/open';
import { describeInBrowser, panePages, paneStatus, sheetGrid } from './sim/pane-page';
import { MAX_MERGED_AREAS, SimContext } from './sim/proxies';

/**
 * Merged cells in the tables that Resolve all reads: the adapter lists them (ExcelApi 1.13) and
 * gives them to the core in each grid's own rows and columns, so that the pane reads a merged
 * cell as `praetor adjudicate` does; a host without 1.13 reads the tables as before.
 */

jest.setTimeout(60_000);

/** Legions!E4:E5 in the Legions grid read from A1: rows 3 to 4 of column 4. */
const E4_E5: GridMerge = { top: 3, left: 4, bottom: 4, right: 4 };
const MERGED_MESSAGE = 'the merged cells E4:E5 show "3" here';

/** The Results sheet the core writes for the workbook's Battles and Legions, given merges. */
function coreResults(model: SimWorkbook, merges?: GridMerge[]) {
  const battles = cellsAt(model, 'Battles', 'A1:J5');
  const legions = { ...cellsAt(model, 'Legions', 'A1:H9'), ...(merges ? { merges } : {}) };
  const submission = readSubmission(battles, legions);
  return resultsSheet(adjudicateSubmission(submission), submission.problems, submission.warnings);
}

describe('merged cells through the adapter', () => {
  afterEach(() => {
    removeSim(globalThis);
    jest.restoreAllMocks();
  });

  test('readTables gives each grid its merges in its own rows and columns, in 2 syncs', async () => {
    const { model, host } = await openSim(mergedLegionsWorkbook());
    const read = await host.readTables(SUBMISSION_TABLES);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const [battles, legions] = read.value.required;
    expect(legions.merges).toEqual([E4_E5]);
    expect(battles.merges).toEqual([]);
    expect(read.value.optional).toEqual([null, null, null]);
    expect(model.syncCount).toBe(2);
  });

  test('a sheet used from C3: merges placed in the grid padded to column A', async () => {
    const fixture = mergedLegionsWorkbook();
    fixture.sheets[1] = { ...fixture.sheets[1], at: 'C3', merges: ['G6:G7', 'A1:D2'] };
    const { host } = await openSim(fixture);
    const read = await host.readTables(SUBMISSION_TABLES);
    if (!read.ok) throw new Error(read.error);
    const legions = read.value.required[1];
    expect(legions.origin).toMatchObject({ row: 2, col: 0 });
    expect(legions.cells[3][6]).toBe(3);
    // A1:D2 is above the used rows: its top-left cell is not in the grid, so it is not listed.
    expect(legions.merges).toEqual([{ top: 3, left: 6, bottom: 4, right: 6 }]);
  });

  test('an Excel table: merges in the table, cut to it; one from outside is left out', async () => {
    const rows: SimValue[][] = LEGIONS.map((row) => [...row]);
    rows[3][4] = 3;
    rows[4][4] = '';
    const fixture: SimFixture = {
      ...submissionWorkbook(),
      tables: [{ name: 'Legions', ref: 'Legions!B2:I10' }],
    };
    // F5:F6 is E4:E5 moved by B2; I9:J10 runs out of the table on the right; A1:B1 is above it.
    fixture.sheets[1] = { name: 'Legions', at: 'B2', rows, merges: ['F5:F6', 'I9:J10', 'A1:B1'] };
    const { host } = await openSim(fixture);
    const read = await host.readTables(SUBMISSION_TABLES);
    if (!read.ok) throw new Error(read.error);
    const legions = read.value.required[1];
    expect(legions.address).toBe('Legions (Legions!B2:I10)');
    // Cut to the table, I9:J10 keeps its whole extent to be named by.
    expect(legions.merges).toEqual([
      E4_E5,
      { top: 7, left: 7, bottom: 8, right: 7, ends: { bottom: 8, right: 8 } },
    ]);
  });

  test('Resolve all gives readSubmission the Legions merges, in 3 syncs', async () => {
    const { model, host } = await openSim(mergedLegionsWorkbook());
    const spy = jest.spyOn(submissionModule, 'readSubmission');
    const report = await resolveAll(host);
    expect(spy).toHaveBeenCalledTimes(1);
    const [battles, legions] = spy.mock.calls[0];
    expect(legions.merges).toEqual([E4_E5]);
    expect(battles.merges).toEqual([]);
    expect(model.syncCount).toBe(3);
    expect(model.sheet('Results')!.grid()).toEqual(coreResults(model, [E4_E5]));
    expect(report.tone).toBe('warning');
  });

  test('a host without ExcelApi 1.13: no merges asked for, the tables read as before', async () => {
    const { model, host } = await openSim(mergedLegionsWorkbook({ apiVersion: '1.12' }));
    const read = await host.readTables(SUBMISSION_TABLES);
    if (!read.ok) throw new Error(read.error);
    expect(read.value.required.map((g) => 'merges' in g)).toEqual([false, false]);
    model.syncCount = 0;
    const report = await resolveAll(host);
    expect(model.syncCount).toBe(3);
    expect(model.sheet('Results')!.grid()).toEqual(coreResults(model));
    expect([report.message, ...report.details].join('\n')).not.toContain('merged cells');
  });

  test('more merged areas than Excel lists: nothing is read, resolved or verified, and the pane says why', async () => {
    const fixture = mergedLegionsWorkbook();
    const legions = fixture.sheets[1];
    const extra = MAX_MERGED_AREAS + 1;
    const rows = legions.rows.map((row) => [...row, '', '', 'note']);
    for (let r = rows.length; r < extra; r++)
      rows.push([...new Array<SimValue>(10).fill(''), 'note']);
    fixture.sheets[1] = {
      ...legions,
      rows,
      merges: [...legions.merges!, ...rows.map((_, r) => `K${r + 1}:L${r + 1}`)],
    };
    const { model, host } = await openSim(fixture);
    expect(await host.readTables(SUBMISSION_TABLES)).toEqual({ ok: false, error: MERGES_UNREAD });
    // Read again without the hidden rows (which only add warnings), then without the merges
    // too, to tell that the merges were the failure.
    expect(model.syncCount).toBe(6);
    const report = await resolveAll(host);
    expect(report).toEqual({ tone: 'error', message: MERGES_UNREAD, details: [] });
    expect(model.sheet('Results')).toBeUndefined();
    const checked = await verifyAll(host);
    expect(checked.tone).toBe('error');
    expect(checked.message).toBe(MERGES_UNREAD);
  });
});

/** Battle 7 of the merged workbook, both rosters read from `Legions` ranges. */
const battle7 = (attacker = 'Legions!A1:H9', defender = 'Legions!A1:H9') =>
  paneInput({ battle: '7', attacker, defender });
const E5_REFUSED =
  'Defender roster (Legions!A5:H5): Legions!E5: the merged cells E4:E5 show "3" here, but ' +
  "that is E4's value and Praetor reads E5 as blank: unmerge E4:E5 and give each cell its own value";

describe('merged cells in a roster range (Resolve and Odds)', () => {
  afterEach(() => removeSim(globalThis));

  test('read gives the merges over a range with what they show: 1 sync, 2 when one starts outside the cells read', async () => {
    const { model, host } = await openSim(mergedLegionsWorkbook());
    const ref = (a1: string) => ({ kind: 'address' as const, sheet: 'Legions', a1, text: a1 });
    const inside = await host.read([ref('A4:H5')]);
    if (!inside.ok) throw new Error(inside.error);
    expect(inside.value.grids[0].sheetMerges).toEqual([{ ...E4_E5, shows: 3 }]);
    expect(model.syncCount).toBe(1);
    // E4, above the range: its value is read in a second round trip.
    model.syncCount = 0;
    const below = await host.read([ref('A5:H5')]);
    if (!below.ok) throw new Error(below.error);
    expect(below.value.grids[0].sheetMerges).toEqual([{ ...E4_E5, shows: 3 }]);
    expect(model.syncCount).toBe(2);
  });

  test('a merge from left of the range: a count, and a header, read as Excel shows them', async () => {
    const fixture = submissionWorkbook();
    const legions = LEGIONS.map((row) => [...row]);
    legions[0][5] = ''; // F1: under E1:F1, which shows "Infantry"
    legions[3][5] = ''; // the attacker's Cavalry (F4), so that only the defender's row is wrong
    legions[4][5] = 2; // F5: under the Infantry Excel shows, not Cavalry
    legions[4][6] = 1;
    fixture.sheets[1] = { name: 'Legions', rows: legions, merges: ['E1:F1'] };
    const { host } = await openSim(fixture);
    const report = await resolveOne(host, battle7('Legions!A4:H4', 'Legions!F5:H5'));
    expect(report.tone).toBe('error');
    expect(report.message).toBe(
      'Defender roster (Legions!F5:H5): Legions!F5: "2" is under F1, which the merged cells ' +
        "E1:F1 cover: that header is E1's, so Praetor does not read this column: unmerge E1:F1 " +
        'and give each column its own header',
    );

    const counts = mergedLegionsWorkbook();
    const rows = counts.sheets[1].rows.map((row) => [...row]);
    rows[3][4] = '';
    rows[4][3] = 3; // D5 shows 3 across D5:E5; the Leader column is D, Infantry E
    rows[4][4] = '';
    rows[4][6] = 1; // a Catapult of the defender's own
    counts.sheets[1] = { name: 'Legions', rows, merges: ['D5:E5'] };
    const { host: other } = await openSim(counts);
    const merged = await resolveOne(other, battle7('Legions!A4:H4', 'Legions!E5:H5'));
    expect(merged.message).toBe(
      'Defender roster (Legions!E5:H5): Legions!E5: the merged cells D5:E5 show "3" here, but ' +
        "that is D5's value and Praetor reads E5 as blank: unmerge D5:E5 and give each cell its own value",
    );
  });

  test('a Unit | Count block under a count merged down from above names the merge', async () => {
    const fixture = submissionWorkbook();
    fixture.sheets[2] = { ...fixture.sheets[2], rows: fixture.sheets[2].rows.map((r) => [...r]) };
    fixture.sheets[2].rows[2][1] = ''; // B3, Cavalry's count, under B2:B3 showing 3
    fixture.sheets[2] = { ...fixture.sheets[2], merges: ['B2:B3'] };
    const { host } = await openSim(fixture);
    const report = await resolveOne(host, paneInput({ attacker: 'Rosters!A3:B5' }));
    expect(report.message).toBe(
      'Attacker roster (Rosters!A3:B5): Rosters!B3: the merged cells B2:B3 show "3" here, but ' +
        "that is B2's value and Praetor reads B3 as blank: unmerge B2:B3 and give each cell its own value",
    );
  });

  test('Resolve refuses a count that Excel shows from a merge, and writes nothing', async () => {
    const { model, host } = await openSim(mergedLegionsWorkbook());
    const report = await resolveOne(host, battle7('Legions!A1:H9', 'Legions!A5:H5'));
    // The defender's row alone, its header put back: E4, which holds the 3, was not selected.
    expect(report).toEqual({ tone: 'error', message: E5_REFUSED, details: [], field: 'defender' });
    expect(model.sheet('Log 7')).toBeUndefined();
    const whole = await resolveOne(host, battle7());
    expect(whole.message).toBe(E5_REFUSED.replace('A5:H5', 'A1:H9'));
  });

  test("a leader's name under a merge: resolved, with a warning", async () => {
    const fixture = submissionWorkbook();
    const legions = LEGIONS.map((row) => [...row]);
    legions[2][3] = '';
    fixture.sheets[1] = { name: 'Legions', rows: legions, merges: ['D2:D3'] };
    const { model, host } = await openSim(fixture);
    const input = paneInput({ attacker: 'Legions!A1:H9', defender: 'Legions!A1:H9' });
    const warning =
      'Legions!D3: the merged cells D2:D3 show "Marcus" here, but that is D2\'s value and ' +
      'Praetor reads D3 as blank: unmerge D2:D3 and give each cell its own value';
    const report = await resolveOne(host, input);
    expect(report.tone).toBe('warning');
    expect(report.details).toContain(warning);
    expect(model.sheet('Log B1')).toBeDefined();
    const odds = await showOdds(host, input, coreOdds);
    expect(odds.tone).toBe('warning');
    expect(odds.details.at(-1)).toBe(warning);
  });

  test('a host without ExcelApi 1.13 reads the cells as stored, as before', async () => {
    const { host } = await openSim(mergedLegionsWorkbook({ apiVersion: '1.12' }));
    const read = await host.read([
      { kind: 'address', sheet: 'Legions', a1: 'A1:H9', text: 'Legions!A1:H9' },
    ]);
    expect(read.ok && 'sheetMerges' in read.value.grids[0]).toBe(false);
    const report = await resolveOne(host, battle7());
    expect(report.message).not.toContain('merged cells');
  });

  test('more merged areas than Excel lists: the roster is not read, and the pane says why', async () => {
    const fixture = mergedLegionsWorkbook();
    const rows = fixture.sheets[1].rows.map((row) => [...row]);
    for (let r = rows.length; r < MAX_MERGED_AREAS + 9; r++) rows.push(['note', '']);
    fixture.sheets[1] = {
      ...fixture.sheets[1],
      rows,
      merges: ['E4:E5', ...rows.slice(9).map((_, i) => `A${i + 10}:B${i + 10}`)],
    };
    const { host } = await openSim(fixture);
    expect(await resolveOne(host, battle7('Legions!A:H', 'Legions!A:H'))).toEqual({
      tone: 'error',
      message: MERGES_UNREAD,
      details: [],
    });
  });
});

describe('the simulated getMergedAreasOrNullObject', () => {
  afterEach(() => removeSim(globalThis));

  const context = (fixture: SimFixture) => new SimContext(SimWorkbook.from(fixture));

  test('lists the whole merged areas whose top-left cell is in the range, once loaded', async () => {
    const ctx = context(mergedLegionsWorkbook());
    const sheet = ctx.workbook.worksheets.getItem('Legions');
    const merged = sheet.getRange('D4:E4').getMergedAreasOrNullObject();
    merged.load('address,areas/items/rowIndex,areas/items/rowCount');
    const below = sheet.getRange('E5:H9').getMergedAreasOrNullObject();
    below.load('areas/items/rowIndex');
    expect(() => merged.isNullObject).toThrow(/not available/);
    await ctx.sync();
    expect(merged.isNullObject).toBe(false);
    expect(merged.address).toBe('Legions!E4:E5');
    expect(merged.areas.items.map((a) => [a.rowIndex, a.rowCount])).toEqual([[3, 2]]);
    expect(() => merged.areas.items[0].columnIndex).toThrow(/not available/);
    // Only E5 of E4:E5 is in E5:H9: Excel does not list it (office-js issue #3611).
    expect(below.isNullObject).toBe(true);
    expect(() => below.areas.items).toThrow();
  });

  test('needs ExcelApi 1.13: an older host fails the sync', async () => {
    const ctx = context(mergedLegionsWorkbook({ apiVersion: '1.12' }));
    const range = ctx.workbook.worksheets.getItem('Legions').getRange('A1:H9');
    range.getMergedAreasOrNullObject().load('areas/items/rowIndex');
    await expect(ctx.sync()).rejects.toMatchObject({ code: 'ApiNotFound' });
  });

  test('a fixture cannot merge over a value other than the top-left one', () => {
    const fixture = submissionWorkbook();
    fixture.sheets[1] = { ...fixture.sheets[1], merges: ['E4:E5'] };
    expect(() => SimWorkbook.from(fixture)).toThrow(/would drop the value of E5/);
  });
});

describeInBrowser('merged cells in the taskpane in a browser', () => {
  const pages = panePages();

  test('Resolve all writes the Results of the core given the Legions merges', async () => {
    const fixture = mergedLegionsWorkbook();
    const page = await pages.open(fixture);
    await page.click('#resolve-all');
    await paneStatus(page);
    expect(await sheetGrid(page, 'Results')).toEqual(
      coreResults(SimWorkbook.from(fixture), [E4_E5]),
    );
    await page.close();
  });

  test('Resolve all refuses the battle under the merged cell and says why', async () => {
    const page = await pages.open(mergedLegionsWorkbook());
    await page.click('#resolve-all');
    const shown = await paneStatus(page);
    expect(shown.tone).toBe('warning');
    expect(shown.text).toContain(MERGED_MESSAGE);
    const results = (await sheetGrid(page, 'Results'))!;
    expect(results.flat().some((v) => String(v).includes(MERGED_MESSAGE))).toBe(true);
    expect(await sheetGrid(page, 'Log 7')).toBeNull();
    await page.close();
  });

  test('Resolve of one battle names the merged count and writes no log', async () => {
    const page = await pages.open(mergedLegionsWorkbook());
    await page.fill('#battle-id', '7');
    await page.fill('#attacker', 'Legions!A1:H9');
    await page.fill('#defender', 'Legions!A5:H5');
    await page.fill('#seed', 'alpha');
    await page.click('#resolve');
    const shown = await paneStatus(page);
    expect(shown.tone).toBe('error');
    expect(shown.text).toContain(E5_REFUSED);
    expect(await sheetGrid(page, 'Log 7')).toBeNull();
    await page.close();
  });

  test('a host without ExcelApi 1.13: Resolve all as before, no merged-cell message', async () => {
    const fixture = mergedLegionsWorkbook({ apiVersion: '1.12' });
    const page = await pages.open(fixture);
    await page.click('#resolve-all');
    const shown = await paneStatus(page);
    expect(shown.text).not.toContain('merged cells');
    expect(await sheetGrid(page, 'Results')).toEqual(coreResults(SimWorkbook.from(fixture)));
    await page.close();
  });
});
