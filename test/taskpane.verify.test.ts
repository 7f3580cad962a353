import { createHash } from 'node:crypto';
import { adjudicateSubmission, resultsSheet } from '../src/sheets';
import { readSubmission } from '../src/submission';
import { resolveAll } from '../taskpane/actions';
import { connectExcel } from '../taskpane/excel';
import { WorkbookHost } from '../taskpane/host';
import { readPastedKey, sessionSeal } from '../taskpane/seal';
import { verifyAll } from '../taskpane/verify';
import { submissionWorkbook, unseededWorkbook } from './sim/fixtures';
import * as expected from './sim/expected';
import { SimFixture, SimWorkbook } from './sim/model';
import { installSim, removeSim } from './sim/office';

/**
 * Sealed dice and Verify in the pane, through the real adapter (taskpane/excel.ts) on the
 * simulated Excel: Resolve all with a session key, then Verify reading Results and the logs.
 */

const KEY = 'a5'.repeat(32);
const COMMITMENT = createHash('sha256').update(Buffer.from(KEY, 'hex')).digest('hex');
const SEAL = { key: KEY, game: 'Rome', turn: 3 };

let model: SimWorkbook;

async function open(fixture: SimFixture): Promise<WorkbookHost> {
  model = SimWorkbook.from(fixture);
  installSim(globalThis, model);
  const host = await connectExcel();
  if (!host.ok) throw new Error(host.error);
  model.syncCount = 0;
  return host.value;
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
    expect(model.syncCount).toBe(2);
    expect(model.snapshot()).toBe(before);
  });

  test('sealed: needs the key, refuses another, and names a changed roll', async () => {
    const host = await open(unseededWorkbook());
    await resolveAll(host, SEAL);
    expect(await verifyAll(host)).toMatchObject({
      tone: 'error',
      message: /^The dice of Results are sealed \(commitment [0-9a-f]{64} at Results!M2\)/,
    });
    const good = await verifyAll(host, { key: KEY, game: 'Rome' });
    expect(good).toMatchObject({ tone: 'success', message: /The key matches the commitment\.$/ });
    const other = await verifyAll(host, { key: 'b6'.repeat(32) });
    expect(other.tone).toBe('error');
    expect(other.details[0]).toContain('the key does not match the commitment: Results!M2 says');

    const row = shotRow('Log B1', 2);
    const roll = model.sheet('Log B1')!.value(row, 3) as number;
    model.sheet('Log B1')!.assign(row, 3, (roll % 6) + 1);
    const changed = await verifyAll(host, { key: KEY });
    expect(changed).toMatchObject({ tone: 'error', message: /^1 mismatch in 3 battles/ });
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
    expect(readPastedKey(forged)).toMatchObject({ ok: false, error: /the file was changed/ });
    expect(readPastedKey('')).toMatchObject({ ok: false, error: /Paste the game key/ });
    expect(readPastedKey('1234')).toMatchObject({ ok: false, error: /not a game key/ });
  });

  test('Resolve all with a key needs the game and the turn', () => {
    const session = { key: KEY, commitment: COMMITMENT };
    expect(sessionSeal(session, 'Rome', '3')).toEqual({ ok: true, value: SEAL });
    expect(sessionSeal(session, '', '3')).toMatchObject({ ok: false, error: /fill in Game/ });
    expect(sessionSeal(session, 'Rome', '')).toMatchObject({ ok: false, error: /need the turn/ });
  });
});
