import { resolveAll, resolveOne } from '../taskpane/actions';
import { verifyAll } from '../taskpane/verify';
import { BATTLES, paneInput, submissionWorkbook, unseededWorkbook } from './sim/fixtures';
import { SimValue } from './sim/model';
import { removeSim } from './sim/office';
import { openSim } from './sim/open';

/** The real adapter (taskpane/excel.ts) on the simulated host: what it reads and writes. */

afterEach(() => removeSim(globalThis));

const SEAL = { key: 'a5'.repeat(32), game: 'Rome', turn: 3 };

test('a Battles sheet whose cells start at C3: an error names the cell where it is', async () => {
  const battles: SimValue[][] = BATTLES.map((row) => [...row]);
  battles[1][4] = 'lots'; // B1's Fort, column E of the table
  const fixture = submissionWorkbook();
  fixture.sheets[0] = { name: 'Battles', at: 'C3', rows: battles };
  const { model, host } = await openSim(fixture);
  const report = await resolveAll(host);
  // The table's column E is the sheet's column G; its row 2 is the sheet's row 4.
  expect(report.details.join('\n')).toMatch(/Battles!G4\b/);
  const results = model.sheet('Results')!.grid();
  expect(results[1][0]).toBe('B1');
  expect(String(results[1][9])).toMatch(/^Battles!G4: /);
});

test('an Excel table named Battles is read rather than a sheet of that name', async () => {
  const fixture = submissionWorkbook({
    sheets: [{ name: 'Orders', at: 'B2', rows: BATTLES.slice(0, 2) }],
    tables: [{ name: 'Battles', ref: 'Orders!B2:K3' }],
  });
  // The sheet named Battles holds something else: a battle the table does not have.
  fixture.sheets[0] = {
    name: 'Battles',
    rows: [BATTLES[0], ['Z9', '', '', '', '', '', '', '', 'z', '']],
  };
  const { model, host } = await openSim(fixture);
  await resolveAll(host);
  const results = model.sheet('Results')!.grid();
  expect(
    results
      .slice(1)
      .map((row) => row[0])
      .filter((id) => id !== ''),
  ).toEqual(['B1']);
  expect(model.sheet('Log Z9')).toBeUndefined();
});

test('a sealed Results sheet of 13 columns gets a width for each of them', async () => {
  const { model, host } = await openSim(unseededWorkbook());
  const report = await resolveAll(host, SEAL);
  expect(report.tone).toBe('success');
  const results = model.sheet('Results')!;
  expect(results.grid()[0]).toHaveLength(13);
  expect([...results.columnWidths.keys()].sort((a, b) => a - b)).toEqual([
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
  ]);
});

test('Verify: a blank cell with a number format shows nothing, so it is no mismatch', async () => {
  const { model, host } = await openSim(submissionWorkbook());
  await resolveAll(host);
  // Row 1 of a log holds the summary in column A only: its column D is blank, in the used range.
  const log = model.sheet('Log B1')!;
  expect(log.value(0, 3)).toBe('');
  log.format(0, 3).numberFormat = '0.0';
  model.sheet('Results')!.format(0, 12).numberFormat = ';;;';
  const report = await verifyAll(host);
  expect(report.tone).toBe('success');
  expect(report.message).toMatch(/^Verified: 4 battles/);
});

test('a sheet typed in another case exists: a missing range name is the error named', async () => {
  const { model, host } = await openSim(submissionWorkbook());
  const before = model.snapshot();
  const report = await resolveOne(
    host,
    paneInput({ attacker: 'rosters!A1:B5', defender: 'NoSuchRoster' }),
  );
  expect(report).toMatchObject({
    tone: 'error',
    message: 'There is no range named “NoSuchRoster” in this workbook.',
  });
  expect(model.snapshot()).toBe(before);
});

test('the roster box suggests range names only, not names of constants', async () => {
  const { host } = await openSim(submissionWorkbook({ names: [{ name: 'Rate', ref: '0.5' }] }));
  expect(await host.rangeNames()).toEqual(['AttackerRoster']);
});
