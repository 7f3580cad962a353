import { BattleResult, resolveBattle, resumeBattle } from '../src/battle';
import { validateBattle } from '../src/battle-spec';
import { recheckResult } from '../headless/report/recheck';
import { Result } from '../src/result';
import { resolve } from './helpers/battle';

/** A battle result read from JSON is fought again, and one whose record differs is refused. */

/** The error of a result that must be refused (a regex inside toMatchObject checks nothing). */
function errorOf(r: Result<unknown>): string {
  if (r.ok) throw new Error('expected the result to be refused');
  return r.error;
}

const asJson = (result: BattleResult): Record<string, unknown> =>
  JSON.parse(JSON.stringify(result)) as Record<string, unknown>;

const WHOLE = {
  id: 'w',
  attacker: 'Marcus: 2 CAT 2 CAV 3 INF',
  defender: 'Titus: 6 INF',
  seed: 'abc',
};

test('a seeded result whose recorded rolls were changed is refused, naming the rolls', () => {
  const json = asJson(resolve(WHOLE));
  const rolls = json.rolls as number[];
  rolls[0] = (rolls[0] % 6) + 1;
  expect(errorOf(recheckResult(json))).toMatch(/^what it records of its rolls is not/);
});

test('a result whose captured leaders were changed is refused, naming them', () => {
  const json = asJson(resolve(WHOLE));
  json.captured = ['Nobody'];
  expect(errorOf(recheckResult(json))).toMatch(/^what it records of its captured is not/);
});

test('a result of an earlier version of its rules is refused naming both versions, not as changed', () => {
  const json = asJson(resolve(WHOLE));
  const version = (json.ruleset as { version: string }).version;
  json.ruleset = { id: 'cote-pbem', version: '0.9.0' };
  expect(errorOf(recheckResult(json))).toBe(
    `it was fought under cote-pbem 0.9.0, and this Praetor plays cote-pbem ${version}: the rules changed between the two (docs/rules-cote-pbem.md); fight it again with praetor battle --json to report it`,
  );
});

test('a battle resumed with a retreat that would have ended round 1 is fought to the pause without it', () => {
  const paused = resolve({ ...WHOLE, rounds: 1 });
  expect(paused.outcome).toBe('paused');
  // The attacker lost a unit in round 1: "lost >= 1" would have ended the battle then.
  const lost = paused.events.some((e) => e.side === 'defender' && e.hit);
  expect(lost).toBe(true);
  const resumed = resumeBattle(JSON.parse(JSON.stringify(paused.saved)), { retreat: 'lost >= 1' });
  if (!resumed.ok) throw new Error(resumed.error);
  const checked = recheckResult(asJson(resumed.value));
  expect(checked.ok).toBe(true);
  expect(checked.ok && checked.value.events).toEqual(resumed.value.events);
});

test('a sealed result whose commitment is not 64 hex digits is not a battle result', () => {
  const sealed = { key: '5f'.repeat(32), game: 'Rome', turn: 3 };
  const battle = validateBattle({ id: 'S', attacker: '3 INF', defender: '3 INF', sealed });
  if (!battle.ok) throw new Error(battle.error);
  const result = resolveBattle(battle.value);
  if (!result.ok) throw new Error(result.error);
  const json = asJson(result.value);
  (json.dice as { sealed: { commitment: string } }).sealed.commitment = 'posted on the forum';
  expect(errorOf(recheckResult(json))).toBe(
    'not a battle result: its "dice" and "rolls" are not as praetor battle writes them',
  );
});

test("a result printed before events gave a breach's walls is read as it was; a changed one is not", () => {
  const json = asJson(resolve({ ...WHOLE, fort: 2 }));
  const events = json.events as Record<string, unknown>[];
  const breaches = events.filter((e) => e.breach);
  expect(breaches.map((e) => e.walls)).toEqual([1, 0]);
  for (const e of breaches) delete e.walls;
  expect(recheckResult(json).ok).toBe(true);
  breaches[0].walls = 0;
  expect(errorOf(recheckResult(json))).toMatch(/^what it records of its events is not/);
});
