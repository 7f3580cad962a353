import { resolveAll, resolveOne } from '../taskpane/actions';
import { verifyAll } from '../taskpane/verify';
import { paneInput, submissionWorkbook } from './sim/fixtures';
import { cellsAt, coreLog, logCells } from './sim/expected';
import { SimWorkbook } from './sim/model';
import { removeSim } from './sim/office';
import { openSim } from './sim/open';
import { adjudicateSubmission } from '../src/adjudicate';
import { resultsSheet } from '../src/results-sheet';
import { readSubmission } from '../src/submission';

/**
 * What a game master runs into: battle ids that make no legal sheet name, names already
 * taken, rosters with blank rows, Resolve pressed twice, long seeds, a co-author adding a
 * sheet while the pane writes, the rulesets' own tables kept as Excel tables.
 */

afterEach(() => removeSim(globalThis));

const names = (model: SimWorkbook) => model.sheets.map((s) => s.name);

describe('the log sheet gets a legal, free name, whatever the battle id', () => {
  test.each([
    ['B1/2: [north]*?', 'Log B1_2_ _north___'],
    ['x'.repeat(40), `Log ${'x'.repeat(27)}`],
    ["'quoted'", "Log 'quoted"],
    ['   ', 'Log battle'],
  ])('battle id %p: sheet %p', async (id, sheet) => {
    const { model, host } = await openSim(submissionWorkbook());
    const report = await resolveOne(host, paneInput({ battle: id }));
    expect(report.tone).toBe('success');
    expect(names(model)).toEqual(['Battles', 'Legions', 'Rosters', sheet]);
    expect(report.message).toContain(`“${sheet}”`);
  });

  test('a long id whose name is taken (in another case) gets a numbered name of 31 characters', async () => {
    const taken = `LOG ${'X'.repeat(27)}`;
    const { model, host } = await openSim(
      submissionWorkbook({ sheets: [{ name: taken, rows: [['theirs']] }] }),
    );
    const report = await resolveOne(host, paneInput({ battle: 'x'.repeat(40) }));
    expect(report.tone).toBe('success');
    const added = `Log ${'x'.repeat(23)} (2)`;
    expect(added).toHaveLength(31);
    expect(names(model).slice(-2)).toEqual([taken, added]);
    expect(model.sheet(taken)!.grid()).toEqual([['theirs']]);
  });
});

test('Resolve pressed twice: a second sheet with the same log, never the first overwritten', async () => {
  const { model, host } = await openSim(submissionWorkbook());
  const first = await resolveOne(host, paneInput());
  const firstCells = model.sheet('Log B1')!.grid();
  const second = await resolveOne(host, paneInput());
  expect([first.tone, second.tone]).toEqual(['success', 'success']);
  expect(second.message).toContain('“Log B1 (2)”');
  expect(model.sheet('Log B1')!.grid()).toEqual(firstCells);
  expect(model.sheet('Log B1 (2)')!.grid()).toEqual(firstCells);
  expect(model.syncCount).toBe(4);
});

test('blank rows in a roster range are skipped: the same log as without them', async () => {
  const gaps = [
    ['Unit', 'Count', '', 'Side', 'Leader', 'Infantry'],
    ['', '', '', '', '', ''],
    ['Infantry', 3, '', 'Defender', 'Titus', 4],
    ['', '', '', '', '', ''],
    ['Cavalry', 1],
    ['Catapult', 1],
    [],
    ['Leader', 'Marcus'],
  ];
  const { model, host } = await openSim(
    submissionWorkbook({ sheets: [{ name: 'Gaps', rows: gaps }] }),
  );
  const want = logCells(
    coreLog(model, 'Rosters!A1:B5', 'Rosters!D1:E3', { id: 'B1', seed: 'alpha' }, [
      ...names(model),
    ]),
  );
  const report = await resolveOne(
    host,
    paneInput({ attacker: 'Gaps!A:B', defender: 'Gaps!D1:F8' }),
  );
  expect(report.tone).toBe('success');
  expect(model.sheet('Log B1')!.grid()).toEqual(want);
});

test('a long seed and battle id: the printed header and footer stay within what Excel takes', async () => {
  const seed = 'Gallia & Italia, '.repeat(15);
  const { model, host } = await openSim(submissionWorkbook());
  const report = await resolveOne(
    host,
    paneInput({ battle: 'B&'.repeat(60), dice: { kind: 'seed', text: seed } }),
  );
  expect(report.tone).toBe('success');
  const page = model.sheet(names(model)[3])!.page.headerFooter;
  expect(page.centerHeader).toMatch(/^Battle B&&B&&.*…$/);
  expect(page.leftFooter).toMatch(/^seed Gallia && Italia, .*…$/);
  expect(page.leftFooter!.length).toBeLessThanOrEqual(100);
});

describe('a sheet a co-author adds meanwhile under a new sheet’s name is never touched', () => {
  test('Resolve: their Log B1 is kept, nothing of ours is left', async () => {
    const { model, host } = await openSim(submissionWorkbook());
    let added = false;
    model.failOn = (op) => {
      if (op === 'add' && !added) {
        added = true;
        model.addSheet('Log B1', [['theirs']]);
      }
      return false;
    };
    const report = await resolveOne(host, paneInput());
    expect(report).toMatchObject({
      tone: 'error',
      message: expect.stringMatching(/already exists.*Nothing was changed/),
    });
    expect(names(model)).toEqual(['Battles', 'Legions', 'Rosters', 'Log B1']);
    expect(model.sheet('Log B1')!.grid()).toEqual([['theirs']]);
    expect(model.active).toBe('Rosters');
  });

  test('Resolve all: the sheets named before theirs are removed again, theirs is kept', async () => {
    const { model, host } = await openSim(submissionWorkbook());
    let added = false;
    model.failOn = (op) => {
      if (op === 'add' && !added) {
        added = true;
        model.addSheet('Log 7', [['theirs']]);
      }
      return false;
    };
    const report = await resolveAll(host);
    expect(report).toMatchObject({
      tone: 'error',
      message: expect.stringMatching(/Nothing was changed/),
    });
    expect(names(model)).toEqual(['Battles', 'Legions', 'Rosters', 'Log 7']);
    expect(model.sheet('Log 7')!.grid()).toEqual([['theirs']]);
    expect(model.active).toBe('Rosters');
  });
});

test('Resolve all and Verify read Fleets kept as an Excel table on another sheet, as the CLI does', async () => {
  const battles = [
    ['Battle', 'Rules', 'Range', 'Seed'],
    ['Sol', 'imperium', 'short', 'sol'],
  ];
  const fleets = [
    ['Battle', 'Side', 'Faction', 'Type', 'Count', 'Damaged', 'Fleet marker'],
    ['Sol', 'Attacker', 'Terran', 'DD', 2, '', 'TF1'],
    ['Sol', 'Defender', 'Imperial', 'CR', 1, 'no', 'IF1'],
  ];
  const { model, host } = await openSim({
    sheets: [
      { name: 'Battles', rows: battles },
      { name: 'Legions', rows: [['Battle', 'Side', 'Player', 'Leader', 'Infantry']] },
      { name: 'Ships', rows: fleets, at: 'B2' },
    ],
    tables: [{ name: 'fleets', ref: 'Ships!B2:H4' }],
  });
  const submission = readSubmission(
    cellsAt(model, 'Battles', 'A1:D2'),
    cellsAt(model, 'Legions', 'A1:E1'),
    { fleets: cellsAt(model, 'Ships', 'B2:H4') },
  );
  const all = adjudicateSubmission(submission);
  expect(all[0].outcome.ok).toBe(true);
  const report = await resolveAll(host);
  expect(report.tone).toBe('success');
  expect(model.sheet('Results')!.grid()).toEqual(
    resultsSheet(all, submission.problems, submission.warnings),
  );
  expect(model.syncCount).toBe(3);
  expect(await verifyAll(host)).toMatchObject({
    tone: 'success',
    message: expect.stringMatching(/^Verified: 1 battle/),
  });
});

describe('when Excel fails while the new sheets are written', () => {
  test('after every sheet is written and named (only showing it failed), the log stands', async () => {
    const { model, host } = await openSim(submissionWorkbook());
    model.failOn = (op) => op === 'activate';
    const report = await resolveOne(host, paneInput());
    expect(report.tone).toBe('success');
    expect(names(model)).toEqual(['Battles', 'Legions', 'Rosters', 'Log B1']);
    expect(model.sheet('Log B1')!.grid()[0][0]).toMatch(/^Battle B1 — /);
  });

  test('when the undo fails too, the message names what may be left over', async () => {
    const { model, host } = await openSim(submissionWorkbook());
    model.failOn = (op) => op === 'freezeRows' || op === 'delete';
    const report = await resolveOne(host, paneInput());
    expect(report.tone).toBe('error');
    const left = names(model)[3];
    expect(left).toMatch(/^Praetor \w+ 1$/);
    expect(report.message).toContain('please delete any of Log B1');
    expect(report.message).toContain(`“${left.slice(0, -2)} …”`);
  });
});
