import { execFileSync } from 'node:child_process';
import { buildReport } from '../src/report/model';
import { resolve } from './helpers/battle';

/** The report model: who is named, and the command line that replays a battle. */

const DICE = [3, 4, 4, 2, 3, 4, 1, 2, 5, 1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6];

test('a side of two legions is "the attacker", not its first leader', () => {
  const report = buildReport(
    resolve({
      id: 'x',
      attacker: 'Marcus: 2 INF; Gaius: 1 CAT',
      defender: 'Titus: 4 INF',
      dice: DICE,
    }),
  );
  const lines = report.rounds.flatMap((r) => r.lines);
  expect(lines.some((l) => l.startsWith("The attacker's "))).toBe(true);
  expect(lines.some((l) => l.includes('Marcus'))).toBe(false);
  expect(lines.some((l) => l.startsWith("Titus's "))).toBe(true);
});

test("a defender's legion without a leader is the defender's leader 1 in the forces", () => {
  const report = buildReport(
    resolve({ id: 'x', attacker: '2 INF, 1 CAT', defender: '4 INF', dice: DICE }),
  );
  expect(report.forces.attacker).toEqual([{ leader: "attacker's leader 1", units: '1 CAT 2 INF' }]);
  expect(report.forces.defender).toEqual([{ leader: "defender's leader 1", units: '4 INF' }]);
});

test('a seed with $, ` and \\ is quoted so that a POSIX shell gives it back unchanged', () => {
  const seed = 'cost $HOME `id` \\n "q"';
  const report = buildReport(
    resolve({ id: 'x', attacker: 'Marcus: 2 INF', defender: 'Titus: 2 INF', seed }),
  );
  const quoted = / --seed (".*")$/.exec(report.replay)![1];
  const echoed = execFileSync('/bin/sh', ['-c', `printf '%s' ${quoted}`], { encoding: 'utf8' });
  expect(echoed).toBe(seed);
});
