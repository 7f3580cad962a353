import { createHmac } from 'node:crypto';
import { resolveBattle, resumeBattle } from '../src/battle';
import { Battle, BattleSpec, validateBattle } from '../src/battle-spec';
import { openDice, startDice } from '../src/dice';
import {
  ACCEPT_BELOW,
  checkGame,
  commitmentOf,
  Hmac,
  lookAlikeProblem,
  parseKey,
  parseTurn,
  SealedPlace,
  SealedStream,
  sealedDice,
} from '../src/sealed';
import { adjudicateSubmission } from '../src/adjudicate';
import { readSubmission, SheetTable } from '../src/submission';
import { BATTLES_HEADER, LEGIONS_HEADER, battle, legion } from './helpers/workbooks';

/** Sealed dice: the derivation of docs/verify.md, its fairness, its state, its independence. */

const KEY = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
function keyBytes(): Uint8Array {
  const key = parseKey(KEY);
  if (!key.ok) throw new Error(key.error);
  return key.value;
}

function valid(spec: BattleSpec): Battle {
  const battle = validateBattle(spec);
  if (!battle.ok) throw new Error(battle.error);
  return battle.value;
}
const place: SealedPlace = { game: 'Rome', turn: 3, battle: 'B1' };

/** docs/verify.md, step by step, with Node's crypto: an independent second implementation. */
function reference(key: string, p: SealedPlace, n: number): number[] {
  const dice: number[] = [];
  for (let counter = 0; dice.length < n; counter++) {
    const block = createHmac('sha256', Buffer.from(key, 'hex'))
      .update(Buffer.from(`${p.game}|${p.turn}|${p.battle}|${counter}`, 'utf8'))
      .digest();
    for (const b of block) if (b < 252 && dice.length < n) dice.push((b % 6) + 1);
  }
  return dice;
}

const draw = (dice: { d6(): number }, n: number) => Array.from({ length: n }, () => dice.d6());

describe('the derivation', () => {
  it('is the one docs/verify.md spells out (checked with Node crypto)', () => {
    for (const p of [
      place,
      { game: 'Rome', turn: 4, battle: 'B1' },
      { game: 'Rome', turn: 3, battle: 'Gallia Narbonensis' },
      { game: 'Città | eterna', turn: 0, battle: 'Ἀθῆναι' },
    ]) {
      const dice = startDice({ kind: 'sealed', key: KEY, ...p });
      expect(draw(dice, 1000)).toEqual(reference(KEY, p, 1000));
    }
  });

  it('the worked example of docs/verify.md', () => {
    expect(commitmentOf(keyBytes())).toBe(
      '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd',
    );
    const b8 = { ...place, battle: 'B8' };
    const block = (i: number) =>
      createHmac('sha256', Buffer.from(KEY, 'hex')).update(`Rome|3|B8|${i}`).digest('hex');
    expect([block(0), block(1)]).toEqual(DOC_BLOCKS);
    expect(sealedDice(keyBytes(), b8, 40)).toEqual(DOC_DICE);
  });

  it('another game, turn or battle gives another stream', () => {
    const a = sealedDice(keyBytes(), place, 40);
    expect(sealedDice(keyBytes(), { ...place, turn: 4 }, 40)).not.toEqual(a);
    expect(sealedDice(keyBytes(), { ...place, battle: 'B2' }, 40)).not.toEqual(a);
    expect(sealedDice(keyBytes(), { ...place, game: 'Roma' }, 40)).not.toEqual(a);
  });
});

/**
 * The chi-square bound for 5 degrees of freedom at p = 1e-6: the survival function is
 * sf(x) = erfc(sqrt(x/2)) + sqrt(2x/pi) e^(-x/2) (1 + x/3) (a closed form for odd degrees),
 * and sf(35.89) = 9.99e-7, so a fair source fails this test with probability below 1e-6.
 * (For comparison, the 0.001 bound is 20.52.)
 */
const CHI2_BOUND = 35.89;

function chiSquareSf5(x: number): number {
  // erfc by its continued fraction (Lentz), accurate far beyond what the bound needs.
  const z = Math.sqrt(x / 2);
  let f = z;
  let c = z;
  let d = 0;
  for (let i = 1; i < 200; i++) {
    const a = i / 2;
    d = 1 / (z + a * d);
    c = z + a / c;
    f *= c * d;
  }
  const erfc = Math.exp(-z * z) / Math.sqrt(Math.PI) / f;
  return erfc + Math.sqrt((2 * x) / Math.PI) * Math.exp(-x / 2) * (1 + x / 3);
}

const chiSquare = (counts: number[], n: number) =>
  counts.reduce((s, c) => s + (c - n / 6) ** 2 / (n / 6), 0);

describe('no modulo bias', () => {
  it('the bound is right: a fair source fails with probability < 1e-6', () => {
    expect(chiSquareSf5(20.52)).toBeCloseTo(0.001, 5);
    expect(chiSquareSf5(CHI2_BOUND)).toBeLessThan(1e-6);
    expect(chiSquareSf5(CHI2_BOUND)).toBeGreaterThan(0.99e-6);
  });

  it('600,000 sealed dice against the exact frequencies (1/6 each): chi-square < 35.89', () => {
    const n = 600_000;
    const stream = new SealedStream(keyBytes(), { ...place, battle: 'fairness' });
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < n; i++) counts[stream.next() - 1]++;
    expect(chiSquare(counts, n)).toBeLessThan(CHI2_BOUND);
    // About 600,000 * 256 / 252 bytes were read: the rejected ones are 4 in 256.
    expect(stream.bytes / n).toBeCloseTo(256 / 252, 2);
  });

  it('the same test catches the biased shortcut (every byte % 6, faces 1-4 favoured 43:42)', () => {
    const n = 600_000;
    const counts = [0, 0, 0, 0, 0, 0];
    const key = keyBytes();
    const p = { ...place, battle: 'fairness' };
    for (let counter = 0, drawn = 0; drawn < n; counter++) {
      for (const b of createHmac('sha256', key)
        .update(`${p.game}|${p.turn}|${p.battle}|${counter}`)
        .digest()) {
        if (drawn++ < n) counts[b % 6]++;
      }
    }
    expect(chiSquare(counts, n)).toBeGreaterThan(CHI2_BOUND);
  });

  it('bytes 252 to 255 are rejected, every other byte b gives b % 6 + 1 (a stub HMAC)', () => {
    const messages: string[] = [];
    const blocks = [
      [252, 253, 254, 255, 0, 1, 2, 3, 4, 5, 6, 7, 246, 247, 248, 249, 250, 251],
      Array(32).fill(255), // a whole block rejected
      [255, 12, 252, 41],
    ];
    const stub: Hmac = (key, message) => {
      expect(Buffer.from(key).toString('hex')).toBe(KEY);
      messages.push(Buffer.from(message).toString('utf8'));
      const block = new Uint8Array(32).fill(253);
      block.set(blocks[messages.length - 1] ?? []);
      return block;
    };
    const stream = new SealedStream(keyBytes(), place, 0, stub);
    const dice = Array.from({ length: 16 }, () => stream.next());
    expect(dice).toEqual([1, 2, 3, 4, 5, 6, 1, 2, 1, 2, 3, 4, 5, 6, 1, 6]);
    expect(messages).toEqual(['Rome|3|B1|0', 'Rome|3|B1|1', 'Rome|3|B1|2']);
    expect(stream.bytes).toBe(64 + 4);
    expect(ACCEPT_BELOW).toBe(252);
    // 0 to 251 hold each face exactly 42 times.
    const faces = [0, 0, 0, 0, 0, 0];
    for (let b = 0; b < ACCEPT_BELOW; b++) faces[b % 6]++;
    expect(faces).toEqual([42, 42, 42, 42, 42, 42]);
  });
});

describe('state, pause and resume', () => {
  it('resumes from its JSON state to the same stream; the state never holds the key', () => {
    const straight = draw(startDice({ kind: 'sealed', key: KEY, ...place }), 200);
    const first = startDice({ kind: 'sealed', key: KEY, ...place });
    const head = draw(first, 77);
    const stored = JSON.parse(JSON.stringify(first.state()));
    expect(JSON.stringify(stored)).not.toContain(KEY);
    expect(stored).toMatchObject({ kind: 'sealed', ...place, used: 77 });
    expect(stored.commitment).toBe(commitmentOf(keyBytes()));
    const resumed = openDice(stored, undefined, KEY);
    expect([...head, ...draw(resumed, 123)]).toEqual(straight);
    expect(resumed.used).toBe(200);
    expect(() => openDice(stored)).toThrow(/sealed: resuming needs the game key/);
    expect(() => openDice(stored, undefined, 'ff'.repeat(32))).toThrow(/does not match/);
  });

  it('a paused sealed battle resumes, with the key, to the log of the unpaused battle', () => {
    const spec = {
      id: 'B1',
      attacker: 'Marcus: 2 CAT 2 CAV 3 INF',
      defender: 'Titus: 6 INF',
      sealed: { key: KEY, game: 'Rome', turn: 3 },
    };
    const whole = resolveBattle(valid(spec));
    const paused = resolveBattle(valid({ ...spec, options: { rounds: 1 } }));
    if (!whole.ok || !paused.ok) throw new Error('did not resolve');
    expect(paused.value.outcome).toBe('paused');
    const saved = JSON.parse(JSON.stringify(paused.value.saved));
    expect(JSON.stringify(saved)).not.toContain(KEY);
    expect(JSON.stringify(whole.value)).not.toContain(KEY);
    expect(resumeBattle(saved)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/needs the game key/),
    });
    expect(resumeBattle(saved, {}, [], 'ee'.repeat(32))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/does not match/),
    });
    const resumed = resumeBattle(saved, {}, [], KEY);
    if (!resumed.ok) throw new Error(resumed.error);
    expect([...paused.value.events, ...resumed.value.events]).toEqual(whole.value.events);
    expect(whole.value.dice).toEqual({
      sealed: {
        game: 'Rome',
        turn: 3,
        battle: 'B1',
        commitment: commitmentOf(keyBytes()),
        algorithm: 'HMAC-SHA256 sealed dice v1',
      },
    });
    expect(whole.value.rolls).toEqual(sealedDice(keyBytes(), place, whole.value.rolls.length));
  });

  it('a sealed battle takes no seed and no dice; a bad key or turn is named', () => {
    const sealed = { key: KEY, game: 'Rome', turn: 3 };
    const base = { id: 'B1', attacker: '3 INF', defender: '3 INF', sealed };
    expect(validateBattle({ ...base, seed: 'x' })).toMatchObject({
      error: expect.stringMatching(/neither a seed/),
    });
    expect(validateBattle({ ...base, dice: '1,2' })).toMatchObject({
      error: expect.stringMatching(/neither a seed/),
    });
    expect(validateBattle({ ...base, sealed: { ...sealed, key: 'abc' } })).toMatchObject({
      error: expect.stringMatching(/a game key is 64 hex digits/),
    });
    expect(parseTurn('3')).toEqual({ ok: true, value: 3 });
    expect(parseTurn(' 12 ')).toEqual({ ok: true, value: 12 });
    for (const bad of ['', '-1', '1.5', 'three', '1e3']) {
      expect(parseTurn(bad)).toMatchObject({ ok: false });
    }
  });
});

describe('names that pick the dice', () => {
  it('a game or battle id that looks like another is named, with the character at fault', () => {
    for (const plain of [
      'Gallia',
      'Gallia Narbonensis',
      'Città',
      'Ἀθῆναι',
      'B-7 (north)',
      'Roma 2',
    ]) {
      expect([plain, lookAlikeProblem(plain)]).toEqual([plain, null]);
    }
    const cases: [string, string][] = [
      ['Gallia\u200b', 'has a character that does not show as itself (U+200B at position 7)'],
      ['Ga\u00adllia', 'has a character that does not show as itself (U+00AD at position 3)'],
      ['Gallia\u00a0N', 'has a character that does not show as itself (U+00A0 at position 7)'],
      ['B\ufe0f1', 'has a character that does not show as itself (U+FE0F at position 2)'],
      ['\u3164', 'has a character that does not show as itself (U+3164 at position 1)'],
      ['Gallia  Narbonensis', 'has two spaces in a row (at position 7), which look like one'],
      [
        'Citte\u0300',
        'is not in composed form (NFC): it looks like another text that gives other dice',
      ],
      ['R\u043ema', 'mixes Latin and Cyrillic letters, which look alike'],
      ['\u0391lesia', 'mixes Latin and Greek letters, which look alike'],
    ];
    for (const [name, problem] of cases)
      expect([name, lookAlikeProblem(name)]).toEqual([name, problem]);
  });

  it('praetor seal and the key files take no such game name', () => {
    expect(checkGame(' Rome ')).toEqual({ ok: true, value: 'Rome' });
    expect(checkGame('Rome\u200b')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^the game name has a character/),
    });
    expect(checkGame('R\u043eme')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/mixes Latin and Cyrillic/),
    });
  });
});

describe('order independence', () => {
  const table = (sheet: string, cells: unknown[][]): SheetTable => ({
    cells,
    origin: { sheet, row: 0, col: 0 },
  });
  const sides = (id: string, inf: number) => [
    legion(id, 'Attacker', 'Marcus', inf, 1, 1),
    legion(id, 'Defender', 'Brutus', 5),
  ];
  const run = (ids: [string, number][]) => {
    const submission = readSubmission(
      table('Battles', [BATTLES_HEADER, ...ids.map(([id]) => battle(id))]),
      table('Legions', [LEGIONS_HEADER, ...ids.flatMap(([id, inf]) => sides(id, inf))]),
    );
    const all = adjudicateSubmission(submission, { key: KEY, game: 'Rome', turn: 3 });
    // What a battle's dice decide: the rolls drawn, every shot, the outcome.
    return new Map(
      all.map((a) => {
        if (!a.outcome.ok) throw new Error(a.outcome.error);
        const { rolls, events, outcome, winner, dice } = a.outcome.value;
        return [a.id, { rolls, events, outcome, winner, dice }];
      }),
    );
  };

  it('a sealed turn refuses a battle id that looks like another, naming its cell', () => {
    const submission = readSubmission(
      table('Battles', [BATTLES_HEADER, battle('Roma'), battle('R\u043ema')]),
      table('Legions', [LEGIONS_HEADER, ...sides('Roma', 2), ...sides('R\u043ema', 2)]),
    );
    const [plain, lookAlike] = adjudicateSubmission(submission, {
      key: KEY,
      game: 'Rome',
      turn: 3,
    });
    expect(plain.outcome.ok).toBe(true);
    expect(lookAlike.outcome).toEqual({
      ok: false,
      error:
        'Battles!A3: battle id "R\u043ema" mixes Latin and Cyrillic letters, which look alike: ' +
        "in a sealed turn a battle's id picks its dice, so retype it",
    });
    // Without a seal the id picks nothing, and the battle is fought.
    expect(adjudicateSubmission(submission).every((a) => a.outcome.ok)).toBe(true);
  });

  it("a battle's dice depend neither on the other battles nor on their order", () => {
    const one = run([
      ['B1', 4],
      ['B2', 3],
      ['B3', 2],
    ]);
    const other = run([
      ['B3', 2],
      ['X9', 5],
      ['B1', 4],
    ]);
    expect(other.get('B1')).toEqual(one.get('B1'));
    expect(other.get('B3')).toEqual(one.get('B3'));
    expect(one.get('B1')).not.toEqual(one.get('B3'));
  });

  it("nor on the battle's own rosters: every battle reads the same stream of its id", () => {
    const small = run([['B1', 1]]).get('B1');
    const large = run([['B1', 4]]).get('B1');
    const all = sealedDice(keyBytes(), place, 500);
    expect(small!.rolls).toEqual(all.slice(0, small!.rolls.length));
    expect(large!.rolls).toEqual(all.slice(0, large!.rolls.length));
  });
});

/** The worked example of docs/verify.md: key 00 01 ... 1f, game Rome, turn 3, battle B8. */
const DOC_BLOCKS = [
  'cd92fee98c5401988d07a20faea7657ae1908843866dc7aa3b6e77fcbe238e56',
  'c544658d204e7b2d7a7157ac251f06501900fcc1beeb5fe6d790c5541a823676',
];
const DOC_DICE = [
  2, 3, 6, 3, 1, 2, 3, 4, 2, 1, 4, 1, 6, 6, 3, 4, 1, 5, 2, 3, 2, 2, 3, 6, 3, 6, 5, 6, 5, 3, 6, 3, 6,
  4, 3, 1, 4, 4, 3, 6,
];
