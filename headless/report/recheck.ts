import { isDeepStrictEqual } from 'node:util';
import { BattleResult, resolveBattle, resumeBattle } from '../../src/battle';
import { BattleSpec, validateBattle } from '../../src/battle-spec';
import { RawOptions } from '../../src/ruleset';
import { findRuleset } from '../../src/rulesets';
import { resumptionOf } from '../../src/report/replay';
import { err, ok, Result } from '../../src/result';

/**
 * A battle result read from a JSON file (as `praetor battle --json` prints it) is fought again
 * from its forces, options and dice before it is reported: a report never prints shots the
 * rules and dice do not give, and a damaged or edited file is an error, never a crash.
 */

/** What a result must agree on with its replay: everything a report prints. */
const COMPARED = [
  'ruleset',
  'options',
  'forces',
  'diceUsed',
  'rolls',
  'outcome',
  'winner',
  'rounds',
  'attacker',
  'defender',
  'captured',
  'events',
] as const;

export function recheckResult(item: Record<string, unknown>): Result<BattleResult> {
  const claimed = item as unknown as BattleResult;
  let replayed: Result<BattleResult>;
  try {
    replayed = replay(claimed);
  } catch (e) {
    replayed = err(`not a battle result Praetor can read (${(e as Error).message})`);
  }
  if (!replayed.ok) return replayed;
  const fresh = JSON.parse(JSON.stringify(replayed.value)) as Record<string, unknown>;
  fresh.events = asRecorded(fresh.events, item.events);
  const differs = COMPARED.filter((k) => !isDeepStrictEqual(fresh[k], item[k]));
  const was = item.ruleset as { id?: unknown; version?: unknown } | undefined;
  const now = replayed.value.ruleset;
  const earlier =
    was?.id === now.id && typeof was.version === 'string' && was.version !== now.version;
  if (differs.length > 0 && earlier) {
    return err(
      `it was fought under ${now.id} ${String(was.version).slice(0, 40)}, and this Praetor plays ` +
        `${now.id} ${now.version}: the rules changed between the two (docs/rules-${now.id}.md); ` +
        'fight it again with praetor battle --json to report it',
    );
  }
  if (differs.length > 0) {
    return err(
      `what it records of its ${differs.join(', ')} is not what its forces, options and dice ` +
        'give: the file was changed, or not written by praetor battle --json',
    );
  }
  // A sealed battle is fought again from the dice it drew: keep the record of where they came from.
  return ok({ ...replayed.value, dice: claimed.dice });
}

/**
 * Fields Praetor's events gained since it first printed them (a breach's `walls`, 2026-12-01):
 * a result printed before lacks them, and is compared without them.
 */
const NEWER_EVENT_FIELDS = ['walls'];

function asRecorded(fresh: unknown, recorded: unknown): unknown {
  if (!Array.isArray(fresh) || !Array.isArray(recorded) || fresh.length !== recorded.length) {
    return fresh;
  }
  return fresh.map((event: Record<string, unknown>, i) => {
    const was = recorded[i] as Record<string, unknown> | null;
    const lacks = NEWER_EVENT_FIELDS.filter((k) => k in event && !(was !== null && k in was));
    if (lacks.length === 0) return event;
    const copy = { ...event };
    for (const k of lacks) delete copy[k];
    return copy;
  });
}

function replay(r: BattleResult): Result<BattleResult> {
  if (typeof r.ruleset !== 'object' || r.ruleset === null || !findRuleset(r.ruleset.id)) {
    return err('not a battle result: no known ruleset');
  }
  if (!diceRecordOk(r.dice) || !Array.isArray(r.rolls)) {
    return err('not a battle result: its "dice" and "rolls" are not as praetor battle writes them');
  }
  if (typeof r.forces !== 'object' || r.forces === null || typeof r.options !== 'object') {
    return err('not a battle result: no forces and options');
  }
  if (!Array.isArray(r.events) || typeof r.diceUsed !== 'number') {
    return err('not a battle result: no events');
  }
  const dice: Pick<BattleSpec, 'seed' | 'dice'> =
    'seed' in r.dice
      ? { seed: r.dice.seed }
      : 'scripted' in r.dice
        ? { dice: r.dice.scripted }
        : { dice: r.rolls };
  const spec: BattleSpec = {
    id: r.id,
    rules: r.ruleset.id,
    attacker: r.forces.attacker,
    defender: r.forces.defender,
    options: r.options as RawOptions,
    ...dice,
  };
  const resumed = resumptionOf(r);
  if (!resumed) {
    const battle = validateBattle(spec);
    return battle.ok ? resolveBattle(battle.value) : battle;
  }
  if ('sealed' in r.dice) {
    return err('a resumed battle with sealed dice: its dice before the pause are not in the file');
  }
  // Fought to the pause without the attacker's orders (they had not ended it), then resumed.
  const ruleset = findRuleset(r.ruleset.id)!;
  const options = r.options as RawOptions;
  const before: RawOptions = { ...options, rounds: resumed.afterRound };
  const orders: RawOptions = {};
  for (const k of ruleset.orderKeys) {
    if (k !== 'rounds') before[k] = undefined;
    orders[k] = options[k] ?? undefined;
  }
  const battle = validateBattle({ ...spec, options: before });
  if (!battle.ok) return battle;
  const paused = resolveBattle(battle.value);
  if (!paused.ok) return paused;
  if (!paused.value.saved)
    return err(`the battle does not pause after round ${resumed.afterRound}`);
  return resumeBattle(paused.value.saved, orders);
}

/** A seed with its algorithm, a list of dice, or where a sealed stream belongs. */
function diceRecordOk(d: unknown): boolean {
  if (typeof d !== 'object' || d === null) return false;
  const o = d as Record<string, unknown>;
  if ('seed' in o) return typeof o.seed === 'string' && typeof o.algorithm === 'string';
  if ('scripted' in o) return Array.isArray(o.scripted);
  const s = o.sealed as Record<string, unknown> | null | undefined;
  return (
    typeof s === 'object' &&
    s !== null &&
    typeof s.game === 'string' &&
    Number.isSafeInteger(s.turn) &&
    typeof s.battle === 'string' &&
    typeof s.commitment === 'string' &&
    /^[0-9a-f]{64}$/.test(s.commitment) &&
    typeof s.algorithm === 'string'
  );
}
