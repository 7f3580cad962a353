import { createHash } from 'node:crypto';
import { resolveAll } from '../taskpane/actions';
import { verifyAll } from '../taskpane/verify';
import { submissionWorkbook, unseededWorkbook } from './sim/fixtures';
import { SimWorkbook } from './sim/model';
import { removeSim } from './sim/office';
import { openSim } from './sim/open';

/** The pane's Verify: what it tells the player, on the simulated host. */

afterEach(() => removeSim(globalThis));

const KEY = 'a5'.repeat(32);
const COMMITMENT = createHash('sha256').update(Buffer.from(KEY, 'hex')).digest('hex');
const SEAL = { key: KEY, game: 'Rome', turn: 3 };
const SEALED_LINE = `Dice sealed: game “Rome”, turn 3, commitment ${COMMITMENT}.`;

/** Appends `n` copies of a log's first shot row: `n` shots the dice do not give. */
function addShots(model: SimWorkbook, sheet: string, n: number): void {
  const log = model.sheet(sheet)!;
  const grid = log.grid();
  const first = grid.findIndex((row) => row[0] === 'Round') + 1;
  for (let i = 0; i < n; i++) {
    grid[first].forEach((v, c) =>
      log.assign(grid.length + i, c, typeof v === 'string' ? `'${v}` : v),
    );
  }
}

test('40 mismatches are listed in the pane, and the rest counted in one line', async () => {
  const { model, host } = await openSim(submissionWorkbook());
  await resolveAll(host);
  // 25 extra shots in each of two logs: 20 listed and one count line each, 42 in all.
  addShots(model, 'Log B1', 25);
  addShots(model, 'Log 7', 25);
  const report = await verifyAll(host);
  expect(report.tone).toBe('error');
  expect(report.message).toMatch(/^42 mismatches in 4 battles/);
  expect(report.details).toHaveLength(41);
  expect(report.details[39]).toMatch(/^battle 7, shot \d+ /);
  expect(report.details[40]).toBe('… and 2 more.');
});

test('exactly 40 mismatches: all listed, no count line', async () => {
  const { model, host } = await openSim(submissionWorkbook());
  await resolveAll(host);
  addShots(model, 'Log B1', 25); // 21 mismatches
  addShots(model, 'Log 7', 19); // 19 mismatches
  const report = await verifyAll(host);
  expect(report.message).toMatch(/^40 mismatches/);
  expect(report.details).toHaveLength(40);
  expect(report.details.some((d) => d.startsWith('… and'))).toBe(false);
});

test('sealed and verified: the message says the key matches, the details name the seal', async () => {
  const { host } = await openSim(unseededWorkbook());
  await resolveAll(host, SEAL);
  const report = await verifyAll(host, { key: KEY });
  expect(report.tone).toBe('success');
  expect(report.message).toMatch(/ replay exactly\. The key matches the commitment\.$/);
  expect(report.details).toEqual([SEALED_LINE]);
});

test('sealed with a mismatch: the seal is still named after the mismatches', async () => {
  const { model, host } = await openSim(unseededWorkbook());
  await resolveAll(host, SEAL);
  addShots(model, 'Log B1', 1);
  const report = await verifyAll(host, { key: KEY });
  expect(report.tone).toBe('error');
  expect(report.message).toMatch(/^1 mismatch in 4 battles/);
  expect(report.details).toHaveLength(2);
  expect(report.details[0]).toMatch(
    /^battle B1, shot \d+ .*the log has a shot the dice do not give/,
  );
  expect(report.details[1]).toBe(SEALED_LINE);
});

test('not sealed and verified: no word of a key', async () => {
  const { host } = await openSim(submissionWorkbook());
  await resolveAll(host);
  const report = await verifyAll(host);
  expect(report.message).toMatch(/ replay exactly\.$/);
  // Only B4's error replayed (its three scripted dice run out).
  expect(report.details).toEqual(['1 battle was not fought: the replay gives its error again.']);
});
