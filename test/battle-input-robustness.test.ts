import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveBattle, resumeBattle } from '../src/battle';
import { specFromObject, validateBattle } from '../src/battle-spec';
import { parseSavedBattle, SavedBattle } from '../src/saved-battle';
import { parseRosterText } from '../src/roster';
import { findRuleset, RULESETS } from '../src/rulesets';
import { main } from '../headless/cli';
import { praetor } from './helpers/cli';

const dir = mkdtempSync(join(tmpdir(), 'praetor-robust-'));

/** A battle paused after round 1, its save through JSON as a file holds it: a copy to edit. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- edited freely, as a file may be
function savedAfterRound1(spec: Record<string, unknown>): any {
  const seed = spec.dice === undefined ? { seed: 's' } : {};
  const b = validateBattle({ ...seed, ...spec, options: { rounds: 1 } });
  if (!b.ok) throw new Error(b.error);
  const r = resolveBattle(b.value);
  if (!r.ok || !r.value.saved) throw new Error('not paused');
  return JSON.parse(JSON.stringify(r.value.saved));
}

/** A paused cote-pbem battle, as `--save` writes it. */
async function savedFile(): Promise<Record<string, any>> {
  const path = join(dir, `saved-${Math.random()}.json`);
  const r = await praetor(
    'battle',
    '--attacker',
    '7 INF',
    '--defender',
    '7 INF',
    '--seed',
    'x',
    '--rounds',
    '1',
    '--save',
    path,
  );
  expect(r.code).toBe(0);
  return JSON.parse(readFileSync(path, 'utf8'));
}

async function resumeEdited(edit: (s: Record<string, any>) => void) {
  const saved = await savedFile();
  edit(saved);
  const path = join(dir, `edited-${Math.random()}.json`);
  writeFileSync(path, JSON.stringify(saved));
  return praetor('battle', '--resume', path);
}

describe('a hand-edited saved battle', () => {
  const cases: [string, (s: Record<string, any>) => void, RegExp][] = [
    ['a negative count', (s) => (s.state.count[0][2] = -1), /state\.count\[0\]\[2\] is -1/],
    ['a count above the forces', (s) => (s.state.count[1][2] = 99), /state\.count\[1\]\[2\] is 99/],
    ['negative dice used', (s) => (s.dice.used = -5), /dice\.used is -5/],
    ['a null generator', (s) => (s.dice.prng = null), /dice\.prng is null/],
    ['a null state', (s) => (s.state = null), /state is null/],
    ['no forces', (s) => delete s.forces, /forces is missing/],
    ['seeded dice called scripted', (s) => (s.dice.kind = 'scripted'), /dice\.rolls is missing/],
    [
      'a round that is text',
      (s) => (s.state.round = 'x'),
      /state\.round is "x", expected a whole number/,
    ],
    ['a huge round', (s) => (s.state.round = 1e300), /state\.round is 1e\+300/],
    ['an unknown ending', (s) => (s.state.end = { outcome: 'x' }), /state\.end\.outcome is "x"/],
    ['an order past the units', (s) => (s.state.orderLength = [99, 0]), /state\.orderLength\[0\]/],
    [
      'a huge unit count',
      (s) => (s.forces.attacker[0].units.INF = 1e9),
      /units\.INF is 1000000000/,
    ],
  ];
  test.each(cases)('%s: one clear error, exit 1', async (_, edit, message) => {
    const r = await resumeEdited(edit);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/the saved battle is damaged/);
    expect(r.out).toMatch(message);
    expect(r.out + r.err).not.toMatch(/\n\s+at /); // no stack trace
  });

  test('an untouched save still resumes', async () => {
    const r = await resumeEdited(() => undefined);
    expect(r.code).toBe(0);
  });

  test('resumeBattle checks a saved battle held in memory too', () => {
    const battle = validateBattle({
      attacker: '7 INF',
      defender: '7 INF',
      seed: 'x',
      options: { rounds: 1 },
    });
    expect(battle.ok).toBe(true);
    if (!battle.ok) return;
    const first = resolveBattle(battle.value);
    expect(first.ok && first.value.saved).toBeTruthy();
    if (!first.ok) return;
    const saved = JSON.parse(JSON.stringify(first.value.saved)) as SavedBattle;
    (saved.state as any).count[0][0] = -3;
    expect(resumeBattle(saved)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/state\.count\[0\]\[0\] is -3/),
    });
  });
});

describe('every ruleset validates its saved states and resumes them', () => {
  const battles: [string, string, string, Record<string, unknown>][] = [
    ['cote-online', '3 INF 2 CAV', '4 INF', {}],
    ['imperium', 'Terran: 4 DD', 'Imperial: 4 DD', {}],
    ['legion-battles', 'veteran century; trained century', 'trained century; raw century', {}],
  ];
  test.each(battles)('%s', (rules, attacker, defender, options) => {
    const battle = validateBattle({
      rules,
      attacker,
      defender,
      seed: 's',
      options: { ...options, rounds: 1 },
    });
    expect(battle).toMatchObject({ ok: true });
    if (!battle.ok) return;
    let r = resolveBattle(battle.value);
    for (let i = 0; i < 50 && r.ok && r.value.saved; i++) {
      const saved = JSON.parse(JSON.stringify(r.value.saved));
      r = resumeBattle(saved, { rounds: 1 });
    }
    expect(r.ok).toBe(true);
    // And a damaged state of each is refused with the field named.
    const again = resolveBattle(battle.value);
    if (!again.ok || !again.value.saved) return;
    const bad = JSON.parse(JSON.stringify(again.value.saved));
    bad.state.round = -1;
    expect(resumeBattle(bad)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/state\.round is -1/),
    });
  });

  it.each<[string, string, number[]]>([
    // cote-pbem: [CAT, CAV, INF, GAL]; cote-online: [CAT, CAV, INF, GAL, FORT].
    ['cote-pbem', 'state.count[1] leaves the defender', [0, 0, 0, 0]],
    ['cote-online', 'state.count[1] leaves the defender', [0, 0, 0, 0, 0]],
  ])(
    '%s refuses a paused state with a side of no units (it would have ended)',
    (rules, says, none) => {
      const saved = savedAfterRound1({ rules, attacker: '7 INF', defender: '7 INF' });
      saved.state.count[1] = none;
      expect(resumeBattle(saved)).toEqual({
        ok: false,
        error: expect.stringContaining(
          `${says} no units, yet the battle goes on (state.end): a battle ends when a side has none`,
        ),
      });
      // Both sides emptied: the attacker is named first.
      saved.state.count[0] = none;
      expect(resumeBattle(saved)).toMatchObject({
        ok: false,
        error: expect.stringContaining('state.count[0] leaves the attacker no units'),
      });
    },
  );

  it('each ruleset refuses a unit changed in its state, naming the field', () => {
    const resumeTampered = (spec: Record<string, unknown>, tamper: (state: any) => void) => {
      const saved = savedAfterRound1(spec);
      tamper(saved.state);
      return resumeBattle(saved);
    };
    const imperium = { rules: 'imperium', attacker: 'Terran: 4 DD', defender: 'Imperial: 4 DD' };
    expect(resumeTampered(imperium, (st) => (st.units[0].code = 'BB'))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/state\.units\[0\]\.code is "BB", expected "DD"/),
    });
    expect(resumeTampered(imperium, (st) => (st.units[1].full.beam = 9))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/state\.units\[1\]\.full is/),
    });
    const legion = {
      rules: 'legion-battles',
      attacker: 'a: veteran century',
      defender: 'b: trained century',
    };
    expect(resumeTampered(legion, (st) => (st.units[1].strength = 7))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/state\.units\[1\]\.strength is 7/),
    });
    expect(resumeTampered(legion, (st) => st.units.pop())).toMatchObject({
      ok: false,
      error: expect.stringMatching(/state\.units lists 1 units; the forces have 2/),
    });
  });
});

describe('sizes are capped', () => {
  test('imperium: units per side', async () => {
    const r = await praetor(
      'battle',
      '--rules',
      'imperium',
      '--attacker',
      'Terran: 9999 DD',
      '--defender',
      'Imperial: 1 DD',
      '--seed',
      'x',
    );
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/9999 DD make the attacker 9999 units; a side has at most 300/);
  });
  test('any roster count', async () => {
    const r = await praetor(
      'battle',
      '--attacker',
      '99999 INF',
      '--defender',
      '1 INF',
      '--seed',
      'x',
    );
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/"99999 INF": the count is 99999; at most 10,000/);
  });
  test('cote-pbem: units per side', async () => {
    const legions = Array.from({ length: 150 }, () => '7 INF').join('; ');
    const r = await praetor('battle', '--attacker', legions, '--defender', '1 INF', '--seed', 'x');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      /attacker legion 143: the attacker has 1050 units; a side has at most 1000/,
    );
  });
  test.each(['100 mastery', '99/99', '300 boon'])('dice --pool %s', async (pool) => {
    const r = await praetor('dice', '--pool', pool);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--pool: .* too many to count exactly/);
  });
  test('dice: the largest pool still counts exactly', async () => {
    const r = await praetor('dice', '--pool', '14 mastery', '--difficulty', 'none');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/\(\d+\/1283918464548864\)/);
  });
  test("dice: an Average check's Difficulty dice count, and the refusal says so", async () => {
    const refused = await praetor('dice', '--pool', '14 mastery');
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('16 dice in all (14 mastery, 2 difficulty)');
    expect(refused.err).toContain("or 13 with an Average check's 2 Difficulty dice");
    expect((await praetor('dice', '--pool', '13 mastery')).code).toBe(0);
  });
  test('odds --runs', async () => {
    const r = await praetor(
      'odds',
      '--attacker',
      '2 INF',
      '--defender',
      '3 INF',
      '--runs',
      '99999999999',
    );
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /--runs is "99999999999": expected a whole number of battles from 1 to 10,000,000/,
    );
  });
  test('battle --rounds', async () => {
    const r = await praetor(
      'battle',
      '--attacker',
      '2 INF',
      '--defender',
      '3 INF',
      '--seed',
      'x',
      '--rounds',
      '99999999999999999999',
    );
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      /rounds is "99999999999999999999": expected a whole number of rounds from 1 to 10,000/,
    );
  });
});

describe('usage errors', () => {
  test('--resume with options that cannot apply', async () => {
    const saved = await savedFile();
    const path = join(dir, 'resume-usage.json');
    writeFileSync(path, JSON.stringify(saved));
    const r = await praetor(
      'battle',
      '--resume',
      path,
      '--attacker',
      '2 INF',
      '--seed',
      'y',
      '--fort',
      '--rules',
      'cote-online',
    );
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /--attacker, --rules, --seed, --fort cannot apply|--attacker.*--seed.*--fort/,
    );
  });
  test.each([
    ['battle', '--attacker', '2 INF', '--defender', '3 INF', '--seed', 'a', '--seed', 'b'],
    ['odds', '--attacker', '2 INF', '--defender', '3 INF', '--runs', '5', '--runs', '6'],
    ['dice', '--pool', '1 mastery', '--pool', '2 boon'],
  ])('a repeated option: %s', async (...argv) => {
    const r = await praetor(...argv);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--(seed|runs|pool) is given more than once/);
  });
  test('battle with neither --seed nor --dice', async () => {
    const r = await praetor('battle', '--attacker', '2 INF', '--defender', '3 INF');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/no dice: give --seed/);
  });
  test('battle with both --seed and --dice', async () => {
    const r = await praetor(
      'battle',
      '--attacker',
      '2 INF',
      '--defender',
      '3 INF',
      '--seed',
      'a',
      '--dice',
      '1,2',
    );
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/either --seed or --dice, not both/);
  });
});

describe('battle --input items', () => {
  test('items that are not battle objects, seeds and ids that are not text', async () => {
    const path = join(dir, 'input.json');
    writeFileSync(
      path,
      JSON.stringify([
        1,
        null,
        'x',
        { attacker: '2 INF', defender: '1 INF', seed: {} },
        { attacker: '2 INF', defender: '1 INF', seed: 's', id: {} },
        { attacker: '2 INF', defender: '1 INF', seed: 's', rules: { id: 'x' } },
      ]),
    );
    const r = await praetor('battle', '--input', path);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/item 1 is not a battle object/);
    expect(r.out).toMatch(/item 2 is not a battle object/);
    expect(r.out).toMatch(/item 3 is not a battle object/);
    expect(r.out).toMatch(/battle 4: seed is \{\}: expected text or a number/);
    expect(r.out).toMatch(/battle 5: id is \{\}: expected text or a number/);
    expect(r.out).toMatch(
      /battle 6: rules is \{"id":"x"\}: expected a ruleset id such as cote-pbem/,
    );
    expect(r.out).not.toMatch(/object Object/);
  });

  test('an empty array of battles is bad usage, not a silent success', async () => {
    const path = join(dir, 'empty.json');
    writeFileSync(path, '[]');
    const r = await praetor('battle', '--input', path);
    expect([r.code, r.out]).toEqual([2, '']);
    expect(r.err).toContain(`--input ${path}: the array holds no battles`);
  });
});

describe('numbers are plain decimals', () => {
  it('refuses 0x2 and 1e3 where JavaScript would read a number', async () => {
    const { parseDiceList } = await import('../src/dice');
    const { readCountCell } = await import('../src/roster');
    const { parseLegionOptions } = await import('../src/rulesets/legion-battles/options');
    expect(parseDiceList('3,0x2')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/die 2/),
    });
    expect(parseDiceList(['3', '2'])).toEqual({ ok: true, value: [3, 2] });
    expect(readCountCell('0x2', 'Legions!E2')).toMatchObject({ ok: false });
    expect(readCountCell('1e1', 'Legions!E2')).toMatchObject({ ok: false });
    expect(readCountCell(' 2 ', 'Legions!E2')).toEqual({ ok: true, value: 2 });
    expect(parseLegionOptions({ clashes: '1e2' })).toMatchObject({ ok: false });
    expect(parseLegionOptions({ clashes: '0x10' })).toMatchObject({ ok: false });
    expect(parseLegionOptions({ clashes: '12' })).toMatchObject({ ok: true });
  });
});

describe('validateBattle: ids and dice as the user wrote them', () => {
  const rosters = { attacker: '2 INF', defender: '1 INF' };

  it('trims the id, in the battle and in its errors', () => {
    const b = validateBattle({ ...rosters, id: '  B7 ', seed: 's' });
    expect(b.ok && b.value.id).toBe('B7');
    expect(validateBattle({ attacker: '1 INF', id: ' B7 ', seed: 's' })).toEqual({
      ok: false,
      error: 'battle B7: defender: no roster given (the side is empty)',
    });
  });

  it('takes a blank seed as no seed, and says a seed must not be blank', () => {
    for (const seed of ['', '   ']) {
      expect(validateBattle({ ...rosters, seed })).toEqual({
        ok: false,
        error: 'battle battle: no dice: give a seed (any text but blank) or a list of dice',
      });
    }
  });

  it('takes an empty list of dice as no dice', () => {
    const b = validateBattle({ ...rosters, seed: 'x', dice: [] });
    expect(b.ok && b.value.dice).toEqual({ kind: 'seeded', seed: 'x' });
    expect(validateBattle({ ...rosters, dice: [] })).toEqual({
      ok: false,
      error: 'battle battle: no dice: give a seed (any text but blank) or a list of dice',
    });
  });
});

describe('a saved battle held in memory, edited, then resumed', () => {
  /** A cote-pbem battle paused after round 1, through JSON, as a file would hold it. */
  function paused(dice: { seed?: string; dice?: number[] } = { seed: 'x' }): Record<string, any> {
    return savedAfterRound1({ attacker: 'Marcus: 7 INF', defender: 'Titus: 7 INF', ...dice });
  }
  const resume = (saved: Record<string, any>, ...more: [Record<string, unknown>?, number[]?]) =>
    resumeBattle(saved as SavedBattle, ...more);

  it('adds more dice only to scripted dice', () => {
    expect(resume(paused(), {}, [1, 2, 3])).toEqual({
      ok: false,
      error: 'battle battle: more dice can be added only to a battle that uses scripted dice',
    });
  });

  it('resumes scripted dice with more dice to the straight run, recording every die given', () => {
    const run = (options: Record<string, unknown>) => {
      const b = validateBattle({
        attacker: 'Marcus: 7 INF',
        defender: 'Titus: 7 INF',
        seed: 'x',
        options,
      });
      if (!b.ok) throw new Error(b.error);
      const r = resolveBattle(b.value);
      if (!r.ok) throw new Error(r.error);
      return r.value;
    };
    const whole = run({});
    const k = run({ rounds: 1 }).rolls.length; // the dice of round 1
    const saved = paused({ dice: whole.rolls.slice(0, k) });
    const rest = whole.rolls.slice(k);
    const r = resume(saved, {}, rest);
    if (!r.ok) throw new Error(r.error);
    // No order given again: no pause, the battle runs to its end.
    expect(r.value.outcome).toBe(whole.outcome);
    expect(r.value.events).toEqual(whole.events.filter((e) => e.round > 1));
    expect(r.value.rolls).toEqual(rest);
    expect(r.value.diceUsed).toBe(whole.rolls.length);
    expect(r.value.dice).toEqual({ scripted: whole.rolls });
  });

  it('refuses what is not a saved battle before looking at its fields', () => {
    const notSaved = 'this is not a saved Praetor battle';
    const saved = paused();
    expect(resume({ ...saved, format: 'praetor-battle-result' })).toEqual({
      ok: false,
      error: notSaved,
    });
    const { format: _, ...noFormat } = saved;
    expect(resume(noFormat)).toEqual({ ok: false, error: notSaved });
    expect(parseSavedBattle([saved])).toEqual({ ok: false, error: notSaved });
  });

  it('refuses a save from another version of the ruleset', () => {
    const saved = paused();
    const version = saved.ruleset.version;
    saved.ruleset.version = '0.0.1';
    expect(resume(saved)).toEqual({
      ok: false,
      error: `battle battle: saved with cote-pbem 0.0.1; this Praetor has ${version}, whose rules changed (docs/rules-cote-pbem.md): fight the battle again from its start, with the same dice and orders`,
    });
  });

  it('names ruleset.version when it is missing or not text', () => {
    for (const [version, shown] of [
      [undefined, 'missing'],
      [1, '1'],
      [{ v: 1 }, '{"v":1}'],
    ] as const) {
      const saved = paused();
      if (version === undefined) delete saved.ruleset.version;
      else saved.ruleset.version = version;
      expect(resume(saved)).toEqual({
        ok: false,
        error: `battle battle: the saved battle is damaged: ruleset.version is ${shown}, expected text such as "1.0.0"`,
      });
    }
  });

  it.each<[string, (s: Record<string, any>) => void, string]>([
    ['an id that is an object', (s) => (s.id = { x: 1 }), 'id is {"x":1}, expected text'],
    [
      'a leader that is a number',
      (s) => (s.forces.attacker[0].leader = 5),
      'forces.attacker[0].leader is 5, expected text',
    ],
    [
      'a unit the ruleset does not have',
      (s) => (s.forces.defender[0].units.DRAGON = 1),
      'forces.defender[0].units has "DRAGON", not a cote-pbem unit',
    ],
  ])('refuses %s, naming the field', (_, edit, message) => {
    const saved = paused();
    edit(saved);
    const name = typeof saved.id === 'string' ? saved.id : 'saved';
    expect(resume(saved)).toEqual({
      ok: false,
      error: `battle ${name}: the saved battle is damaged: ${message}`,
    });
  });

  it('refuses a record of scripted dice that are not d6 values', () => {
    // The seeded battle's own dice, scripted: the same round 1, then a pause.
    const seeded = validateBattle({
      attacker: 'Marcus: 7 INF',
      defender: 'Titus: 7 INF',
      seed: 'x',
      options: { rounds: 1 },
    });
    if (!seeded.ok) throw new Error(seeded.error);
    const first = resolveBattle(seeded.value);
    if (!first.ok) throw new Error(first.error);
    const saved = paused({ dice: [...first.value.rolls, 1, 2, 3] });
    expect(saved.dice.kind).toBe('scripted');
    expect(parseSavedBattle(saved)).toMatchObject({ ok: true });
    saved.diceRecord = { scripted: [1, 9] };
    expect(resume(saved)).toEqual({
      ok: false,
      error:
        'battle battle: the saved battle is damaged: diceRecord.scripted is [1,9], but its dice state gives [2,2,2,2,1,1,3,3,1,2,3]',
    });
  });

  it('refuses a dice record that names other dice than those the battle is fought with', () => {
    const saved = paused();
    expect(saved.dice.kind).toBe('seeded');
    saved.diceRecord = { ...saved.diceRecord, seed: 'forged' };
    expect(resume(saved)).toEqual({
      ok: false,
      error:
        'battle battle: the saved battle is damaged: diceRecord.seed is "forged", but its dice state gives "x"',
    });
    // The same record with its keys in another order is the same record.
    const reordered = paused();
    reordered.diceRecord = {
      algorithm: reordered.diceRecord.algorithm,
      seed: reordered.diceRecord.seed,
    };
    expect(resume(reordered)).toMatchObject({ ok: true });
  });

  it('refuses a state that lists more units than the forces have', () => {
    const saved = savedAfterRound1({
      rules: 'imperium',
      attacker: 'Terran: 4 DD',
      defender: 'Imperial: 4 DD',
    });
    const n = saved.state.units.length;
    saved.state.units.push(saved.state.units[0]);
    expect(resume(saved)).toEqual({
      ok: false,
      error: `battle battle: the saved battle is damaged: state.units lists ${n + 1} units; the forces have ${n}`,
    });
  });
});

describe('sides given as legions already read (a JSON battle)', () => {
  const battle = (attacker: unknown, rules = 'cote-pbem', defender = '1 INF') =>
    validateBattle({ id: 'b', rules, attacker, defender, seed: 's' });

  it.each<[string, unknown, string]>([
    ['a negative count', [{ units: { CAV: 3, GAL: -1 } }], 'attacker[0].units.GAL is -1'],
    ['a count as text', [{ units: { INF: '3' } }], 'attacker[0].units.INF is "3"'],
    ['a fraction', [{ units: { INF: 1.5 } }], 'attacker[0].units.INF is 1.5'],
    ['a count over 10,000', [{ units: { INF: 10_001 } }], 'attacker[0].units.INF is 10001'],
    ['no counts', [{ units: null }], 'attacker[0].units is null, expected counts by unit code'],
    [
      'counts as a list',
      [{ units: [3] }],
      'attacker[0].units is [3], expected counts by unit code',
    ],
    ['no units field', [{ leader: 'Marcus' }], 'attacker[0].units is missing'],
    [
      'an unknown unit',
      [{ units: { XYZ: 1 } }],
      'attacker[0].units has "XYZ", not a cote-pbem unit',
    ],
    [
      'a unit named like an object member',
      [{ units: JSON.parse('{"__proto__": 1}') }],
      'attacker[0].units has "__proto__"',
    ],
    ['a leader that is a number', [{ units: { INF: 1 }, leader: 3 }], 'attacker[0].leader is 3'],
    ['a blank where', [{ units: { INF: 1 }, where: ' ' }], 'attacker[0].where is " "'],
    ['a second legion at fault', [{ units: { INF: 1 } }, { units: { INF: -2 } }], 'attacker[1]'],
  ])('refuses %s, naming the field', (_, attacker, message) => {
    const r = battle(attacker);
    expect(r).toEqual({ ok: false, error: expect.stringContaining(`battle b: ${message}`) });
  });

  it('refuses a unit code of another ruleset in imperium, without a crash', () => {
    const r = battle(
      [{ leader: 'Terran', units: { XYZ: 1 }, where: 'fleet 1' }],
      'imperium',
      'Imperial: 1 CR',
    );
    expect(r).toEqual({
      ok: false,
      error: 'battle b: attacker[0].units has "XYZ", not a imperium unit',
    });
  });

  it('takes 10,000 of a unit as a count (the side limit then speaks), and fights as roster text does', () => {
    expect(battle([{ units: { INF: 10_000 } }])).toEqual({
      ok: false,
      error: expect.stringMatching(
        /attacker legion 1: the attacker has 10000 units; a side has at most 1000/,
      ),
    });
    const legions = [
      { units: { INF: 2, CAV: 0 }, leader: null },
      { units: { CAV: 1 }, where: 'L2' },
    ];
    const before = JSON.stringify(legions);
    const objects = battle(legions);
    const text = battle('2 INF; 1 CAV');
    if (!objects.ok || !text.ok) throw new Error('not valid');
    expect(objects.value.forces.attacker).toEqual([
      { units: { INF: 2, CAV: 0 }, where: 'attacker legion 1' },
      { units: { CAV: 1 }, where: 'L2' },
    ]);
    expect(JSON.stringify(legions)).toBe(before);
    const [a, b] = [resolveBattle(objects.value), resolveBattle(text.value)];
    expect(a.ok && b.ok && a.value.events).toEqual(b.ok && b.value.events);
  });

  it('fails its battle only in --input, with the field named', async () => {
    const path = join(dir, 'legion-objects.json');
    writeFileSync(
      path,
      JSON.stringify([
        { id: 'neg', attacker: [{ units: { CAV: 3, GAL: -1 } }], defender: '1 INF', seed: 's' },
        { id: 'text', attacker: [{ units: { INF: '3' } }], defender: '1 INF', seed: 's' },
        { id: 'good', attacker: [{ units: { INF: 3 } }], defender: '1 INF', seed: 's' },
      ]),
    );
    const r = await praetor('battle', '--input', path, '--json');
    expect(r.code).toBe(1);
    const out = JSON.parse(r.out) as { id: string; error?: string }[];
    expect(out.map((o) => o.error ?? 'ok')).toEqual([
      'battle neg: attacker[0].units.GAL is -1, expected a whole number from 0 to 10000',
      'battle text: attacker[0].units.INF is "3", expected a whole number from 0 to 10000',
      'ok',
    ]);
  });
});

describe('option values that are not text', () => {
  const rosters: Record<string, Record<string, unknown>> = {
    'cote-pbem': { attacker: '2 INF', defender: '2 INF' },
    'cote-online': { attacker: '2 INF', defender: '2 INF' },
    imperium: { attacker: 'Terran: 1 DD', defender: 'Imperial: 1 CR' },
    'legion-battles': { attacker: 'trained levy', defender: 'trained cohort' },
    'fortunes-of-war': { attacker: 'Legio X: attack 6', defender: 'Gauls: attack 5' },
  };
  const error = (rules: string, options: Record<string, unknown>) => {
    const r = validateBattle({ id: 'b', rules, ...rosters[rules], seed: 's', options });
    return r.ok ? 'accepted' : r.error;
  };

  it.each<[string, string, unknown, string]>([
    ['cote-pbem', 'fort', {}, 'fort is {}: expected 0, 1 or 2'],
    ['cote-pbem', 'fort', ['yes'], 'fort is ["yes"]: expected 0, 1 or 2'],
    ['cote-pbem', 'breachBy', { a: 1 }, 'breach by is {"a":1}: expected'],
    ['cote-pbem', 'sea', [true], 'sea is [true]: expected yes or no'],
    ['cote-pbem', 'retreat', {}, 'retreat is {}: expected text such as "lost >= 3"'],
    ['cote-pbem', 'rounds', {}, 'rounds is {}: expected a whole number of rounds'],
    ['cote-online', 'mode', [], 'mode is []: expected "fight-to-the-death"'],
    ['imperium', 'range', {}, 'range is {}: expected long or short'],
    ['imperium', 'units', {}, 'units is {}: expected text such as "Terran DD B3 T1 D1 CM2"'],
    [
      'imperium',
      'attackerOrders',
      ['split=auto'],
      'attackerOrders is ["split=auto"]: expected text',
    ],
    ['legion-battles', 'readings', {}, 'readings is {}: expected text'],
    ['legion-battles', 'outOfArrows', [], 'outOfArrows is []: expected withdraw or close'],
    ['legion-battles', 'clashes', [12], 'clashes is [12]: expected a whole number from 1 to 1000'],
    ['fortunes-of-war', 'readings', [], 'readings is []: expected text'],
    [
      'fortunes-of-war',
      'castes',
      {},
      'castes is {}: expected text such as "capital 25/50, city 20/60"',
    ],
    ['fortunes-of-war', 'terrain', {}, 'terrain is {}: expected clear'],
  ])('%s %s %j: shown as JSON', (rules, key, value, message) => {
    const e = error(rules, { [key]: value });
    expect(e).toContain(`battle b: ${message}`);
    expect(e).not.toContain('[object Object]');
  });

  it('still takes the words and numbers a cell or a flag gives', () => {
    expect(error('cote-pbem', { fort: 2, sea: false, retreat: 'lost >= 3' })).toBe('accepted');
    expect(error('cote-pbem', { fort: 'maybe' })).toContain('fort is "maybe": expected');
    expect(error('cote-pbem', { fort: 5 })).toContain('fort is "5": expected');
  });
});

describe('errors are one line, a line break of the input shown as \\n or \\r', () => {
  const oneLine = (r: { ok: boolean; error?: string }) => {
    expect(r.ok).toBe(false);
    expect(r.error).not.toMatch(/[\r\n\u2028\u2029]/);
    return r.error;
  };

  it('in a retreat condition', () => {
    const r = validateBattle({
      id: 'b',
      attacker: '2 INF',
      defender: '2 INF',
      seed: 's',
      options: { retreat: 'lost >=\nthree' },
    });
    expect(oneLine(r)).toBe(
      'battle b: retreat condition "lost >=\\nthree": unknown quantity "three" (use `units`, `lost`, `lost.CAT`, `CAT` (any of CAT, CAV, INF, GAL), and the same with `enemy.` before them)',
    );
  });

  it('in rosters of every ruleset', () => {
    const cases: [string, string, string][] = [
      ['cote-pbem', 'Mar\rcus: 2 XYZ', 'attacker legion 1 (Mar\\rcus): unknown unit "XYZ"'],
      ['imperium', 'Terran: 1 DD\r2', 'attacker legion 1 (Terran): '],
      ['legion-battles', 'Sep\rtimius: levy', '"Sep\\rtimius: levy": give the Quality first'],
      ['fortunes-of-war', 'Legio\rX: attack 999', 'army Legio\\rX: attack 999'],
      ['fortunes-of-war', '{\n"army": }', 'attacker: not valid JSON'],
    ];
    for (const [rules, attacker, message] of cases) {
      const ruleset = findRuleset(rules)!;
      const e = oneLine(
        ruleset.parseRoster?.(attacker, 'attacker') ??
          parseRosterText(attacker, 'attacker', ruleset.units),
      );
      expect(e).toContain(message);
    }
  });

  it('in the names of unknown options and in readings', () => {
    for (const ruleset of RULESETS) {
      expect(oneLine(ruleset.parseOptions({ 'a\nb': 1 }))).toContain('unknown option "a\\nb"');
    }
    const legion = findRuleset('legion-battles')!.parseOptions({ readings: 'shakenAt\r2' });
    expect(oneLine(legion)).toBe('readings: "shakenAt\\r2" is not key=value');
  });
});

describe('fields named like the members of every object', () => {
  it('refuses a "__proto__" field of a JSON battle as an unknown option, in every ruleset', () => {
    for (const ruleset of RULESETS) {
      const item = JSON.parse(
        `{"rules": "${ruleset.id}", "seed": "x", "__proto__": {"fort": 2, "rounds": 1}}`,
      ) as Record<string, unknown>;
      const spec = specFromObject(item);
      expect(Object.getPrototypeOf(spec.options)).toBeNull();
      const r = ruleset.parseOptions(spec.options!);
      expect(r).toEqual({
        ok: false,
        error: expect.stringContaining('unknown option "__proto__"'),
      });
    }
  });

  it('refuses options and readings named constructor or toString', () => {
    for (const ruleset of RULESETS) {
      const r = ruleset.parseOptions(specFromObject({ constructor: 1 }).options!);
      expect(r).toEqual({ ok: false, error: expect.stringContaining('"constructor"') });
    }
    for (const rules of ['legion-battles', 'fortunes-of-war']) {
      for (const word of ['constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
        const r = findRuleset(rules)!.parseOptions({ readings: `${word}=5` });
        expect(r).toEqual({
          ok: false,
          error: expect.stringContaining(`unknown option "${word}"`),
        });
      }
    }
  });
});

test('battle --input --json prints its list an item at a time, as JSON.stringify would whole', async () => {
  // Each write is kept apart: one string of the whole list is what failed on thousands of logs.
  const writes: string[] = [];
  const io = { out: (t: string) => writes.push(t), err: () => undefined };
  const input = join(__dirname, '..', 'examples', 'battles.json');
  expect(await main(['battle', '--input', input, '--json'], io)).toBe(0);
  const list = JSON.parse(writes.join('\n'));
  expect(list.length).toBeGreaterThan(1);
  expect(writes).toHaveLength(list.length + 2);
  expect(`${writes.join('\n')}\n`).toBe(`${JSON.stringify(list, null, 2)}\n`);
});
