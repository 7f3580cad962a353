import { BattleResult } from '../src/battle';
import { formatCounts, formatRoster, Forces, Legion, sideSizeError, sumUnits } from '../src/forces';
import { outcomeSentence, renderTextTable, summaryLines } from '../src/log';
import { parseRosterText } from '../src/roster';
import { findRuleset } from '../src/rulesets';
import { PBEM_UNITS } from '../src/rulesets/cote-pbem/tables';

/** The shared pieces of forces and logs, on hand-made values. */

const CODES = ['CAT', 'CAV', 'INF', 'GAL'];
const legion = (units: Record<string, number>, leader?: string): Legion => ({
  ...(leader ? { leader } : {}),
  units,
  where: 'test',
});

describe('sideSizeError', () => {
  const forces = (attacker: Legion[], defender: Legion[]): Forces => ({ attacker, defender });

  it('takes a side of exactly the limit, every kind and legion counted', () => {
    const full = forces(
      [legion({ INF: 4, GAL: 2 }), legion({ CAV: 3, CAT: 1 })],
      [legion({ INF: 10 })],
    );
    expect(sideSizeError(full, 10)).toEqual({ ok: true, value: true });
  });

  it('refuses one unit more, on either side, naming the legion that passes it and the total', () => {
    const at = (l: Legion, where: string): Legion => ({ ...l, where });
    expect(
      sideSizeError(
        forces(
          [at(legion({ INF: 4, GAL: 2 }), 'A1'), at(legion({ CAV: 5 }), 'A2')],
          [legion({ INF: 1 })],
        ),
        10,
      ),
    ).toEqual({
      ok: false,
      error: 'A2: the attacker has 11 units; a side has at most 10',
    });
    expect(
      sideSizeError(
        forces(
          [legion({ INF: 1 })],
          [
            at(legion({ INF: 6 }), 'D1'),
            at(legion({ GAL: 5 }), 'D2'),
            at(legion({ CAV: 2 }), 'D3'),
          ],
        ),
        10,
      ),
    ).toEqual({
      ok: false,
      error: 'D2: the defender has 13 units; a side has at most 10',
    });
  });
});

describe('formatCounts and formatRoster', () => {
  it('lists counts in the order of the codes, leaving out zeros; none when empty', () => {
    expect(formatCounts({ INF: 2, CAT: 1, CAV: 0 }, CODES)).toBe('1 CAT 2 INF');
    expect(formatCounts({ INF: 0 }, CODES)).toBe('none');
  });

  it('writes roster text that the roster parser reads back to the same units and leaders', () => {
    const legions = [
      legion({ CAT: 1, INF: 2 }, 'Marcus'),
      legion({ CAV: 3, INF: 1 }),
      legion({ GAL: 2, INF: 5 }, 'Titus'),
    ];
    const text = formatRoster(legions, CODES);
    expect(text).toBe('Marcus: 1 CAT 2 INF; 3 CAV 1 INF; Titus: 5 INF 2 GAL');
    const back = parseRosterText(text, 'attacker', PBEM_UNITS);
    if (!back.ok) throw new Error(back.error);
    expect(back.value.map((l) => [l.leader, l.units])).toEqual(
      legions.map((l) => [l.leader, l.units]),
    );
    expect(sumUnits(back.value)).toEqual({ CAT: 1, INF: 8, CAV: 3, GAL: 2 });
  });
});

describe('renderTextTable', () => {
  it('makes each column as wide as its header or its widest value, and trims line ends', () => {
    const text = renderTextTable({
      headers: ['Round', 'Side'],
      widths: [6, 9],
      rows: [
        [1, 'attacker'],
        [12, 'd'],
      ],
    });
    expect(text.split('\n')).toEqual([
      'Round  Side',
      '-----  --------',
      '1      attacker',
      '12     d',
    ]);
  });
});

/** A result with only what the sentences read; the rest is never looked at. */
const result = (fields: Partial<BattleResult>): BattleResult =>
  ({
    id: 'B1',
    ruleset: { id: 'cote-pbem', version: '1.0.0' },
    options: { sea: false, fort: 0, breachBy: null },
    forces: { attacker: [legion({ INF: 3 }, 'Marcus')], defender: [legion({ INF: 1, CAV: 1 })] },
    dice: { scripted: [1, 2, 3] },
    diceUsed: 3,
    rolls: [1, 2, 3],
    outcome: 'eliminated',
    winner: 'attacker',
    rounds: 2,
    attacker: { INF: 2 },
    defender: {},
    captured: [],
    events: [],
    ...fields,
  }) as BattleResult;

describe('outcomeSentence', () => {
  it('says who retreats with what, and who holds with what', () => {
    const r = result({
      outcome: 'retreat',
      winner: 'defender',
      rounds: 3,
      attacker: { INF: 1 },
      defender: { INF: 2, CAV: 1 },
    });
    expect(outcomeSentence(r, CODES)).toBe(
      'The attacker retreats in round 3 with 1 INF; the defender holds with 1 CAV 2 INF.',
    );
  });

  it('names the winner and what is left, and counts rounds in words', () => {
    expect(
      outcomeSentence(result({ winner: 'defender', defender: { CAT: 1, INF: 3 } }), CODES),
    ).toBe('The defender wins in round 2 with 1 CAT 3 INF left.');
    expect(outcomeSentence(result({ outcome: 'paused', winner: null, rounds: 1 }), CODES)).toBe(
      'Paused after 1 round: attacker 2 INF, defender none.',
    );
    expect(outcomeSentence(result({ outcome: 'paused', winner: null, rounds: 4 }), CODES)).toBe(
      'Paused after 4 rounds: attacker 2 INF, defender none.',
    );
  });
});

describe('summaryLines', () => {
  const pbem = findRuleset('cote-pbem')!;

  it('says none when no leader is captured, and lists them when some are', () => {
    const lines = summaryLines(result({}), pbem);
    expect(lines[0]).toBe(`Battle B1 — ${pbem.title} (cote-pbem ${pbem.version})`);
    expect(lines.slice(1)).toEqual([
      'Options: sea=false, fort=0, breachBy=-',
      'Dice: scripted, 3 given; 3 used',
      'Attacker: Marcus: 3 INF',
      'Defender: 1 CAV 1 INF',
      'The attacker wins in round 2 with 2 INF left.',
      'Leaders captured: none',
    ]);
    expect(summaryLines(result({ captured: ['Titus', "defender's leader 2"] }), pbem)[6]).toBe(
      "Leaders captured: Titus, defender's leader 2",
    );
  });
});
