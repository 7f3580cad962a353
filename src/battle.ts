import { CellGrid } from './cells';
import {
  DiceSpec,
  DiceState,
  startDice,
  openDice,
  OutOfDiceError,
  parseDiceList,
  SEEDED_ALGORITHM,
} from './dice';
import { Forces, leaderLabel, Legion, Side, SIDES, UnitCounts } from './forces';
import { err, ok, Result } from './result';
import { parseRosterCells, parseRosterText } from './roster';
import { AnyRuleset, BattleEvent, RawOptions } from './ruleset';
import { DEFAULT_RULESET, findRuleset, rulesetIds } from './rulesets';
import {
  commitmentOf,
  keyCommitment,
  parseKey,
  Seal,
  SEALED_ALGORITHM,
  SealedPlace,
  SealRecord,
} from './sealed';

/**
 * One path for every battle: a BattleSpec (what the user wrote) is validated into a Battle,
 * resolved into a BattleResult. The CLI, the workbook referee and the taskpane all come here.
 */

/** A battle as the user wrote it: nothing checked yet. */
export interface BattleSpec {
  id?: unknown;
  rules?: unknown;
  /** Roster text, a grid of cells, or legions already read. */
  attacker?: unknown;
  defender?: unknown;
  seed?: unknown;
  dice?: unknown;
  /** Sealed dice: the stream of this game, turn and battle id (then no seed and no dice). */
  sealed?: Seal;
  /** The ruleset's options (sea, fort, retreat, ...), unchecked. */
  options?: RawOptions;
}

/** A checked battle, ready to resolve. */
export interface Battle {
  id: string;
  ruleset: AnyRuleset;
  options: unknown;
  forces: Forces;
  dice: DiceSpec;
}

export type DiceRecord =
  | { seed: string; algorithm: string }
  | { scripted: number[] }
  /** Sealed dice: where the stream belongs and the key's commitment, never the key. */
  | { sealed: SealedPlace & { commitment: string; algorithm: string } };

/** The turn's seal of a result with sealed dice, else null. */
export const sealOf = (result: BattleResult): SealRecord | null =>
  'sealed' in result.dice
    ? {
        game: result.dice.sealed.game,
        turn: result.dice.sealed.turn,
        commitment: result.dice.sealed.commitment,
      }
    : null;

export interface BattleResult<E extends BattleEvent = BattleEvent> {
  id: string;
  ruleset: { id: string; version: string };
  options: unknown;
  /** The forces that fought, legion by legion, as they began. */
  forces: Forces;
  /** The seed, or the scripted dice as given. */
  dice: DiceRecord;
  /** Dice drawn since the battle began (a resumed battle counts the dice before the pause). */
  diceUsed: number;
  /** The values drawn in this run, in order: feed them back as scripted dice to replay it. */
  rolls: number[];
  outcome: string;
  winner: Side | null;
  rounds: number;
  attacker: UnitCounts;
  defender: UnitCounts;
  /** The leaders captured (names, or `defender's leader 2` when unnamed). */
  captured: string[];
  events: E[];
  /** A paused battle's whole state, to resume later with `resumeBattle`. */
  saved?: SavedBattle;
}

/** A paused battle, plain JSON: store it anywhere and resume it to the same log. */
export interface SavedBattle {
  format: 'praetor-saved-battle';
  id: string;
  ruleset: { id: string; version: string };
  options: unknown;
  forces: Forces;
  state: unknown;
  dice: DiceState;
  diceRecord: DiceRecord;
}

const SPEC_KEYS = ['id', 'rules', 'attacker', 'defender', 'seed', 'dice'];

/** A battle object as `praetor battle --input` takes it: options sit beside the other fields. */
export function specFromObject(o: Record<string, unknown>): BattleSpec {
  const options: RawOptions = {};
  for (const [k, v] of Object.entries(o)) if (!SPEC_KEYS.includes(k)) options[k] = v;
  return {
    id: o.id,
    rules: o.rules,
    attacker: o.attacker,
    defender: o.defender,
    seed: o.seed,
    dice: o.dice,
    options,
  };
}

const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export function validateBattle(spec: BattleSpec, fallbackId = 'battle'): Result<Battle> {
  const id = isBlank(spec.id) ? fallbackId : String(spec.id).trim();
  const fail = (message: string) => err(`battle ${id}: ${message}`);
  const rulesId = isBlank(spec.rules) ? DEFAULT_RULESET : String(spec.rules);
  const ruleset = findRuleset(rulesId);
  if (!ruleset) return fail(`unknown rules "${rulesId}" (known: ${rulesetIds().join(', ')})`);
  const options = ruleset.parseOptions(spec.options ?? {});
  if (!options.ok) return fail(options.error);
  const forces: Partial<Forces> = {};
  for (const side of SIDES) {
    const legions = readSide(spec[side], side, ruleset);
    if (!legions.ok) return fail(legions.error);
    forces[side] = legions.value;
  }
  const checked = ruleset.checkForces(forces as Forces, options.value);
  if (!checked.ok) return fail(checked.error);
  const dice = readDice(spec, id);
  if (!dice.ok) return fail(dice.error);
  return ok({ id, ruleset, options: options.value, forces: forces as Forces, dice: dice.value });
}

function readSide(value: unknown, side: Side, ruleset: AnyRuleset): Result<Legion[]> {
  if (isBlank(value)) return err(`${side}: no roster given (the side is empty)`);
  if (typeof value === 'string') {
    return ruleset.parseRoster?.(value, side) ?? parseRosterText(value, side, ruleset.units);
  }
  if (Array.isArray(value) && value.every(Array.isArray)) {
    return parseRosterCells(value as CellGrid, side, ruleset.units);
  }
  if (
    Array.isArray(value) &&
    value.every((l) => typeof l === 'object' && l !== null && 'units' in l)
  ) {
    return value.length > 0 ? ok(value as Legion[]) : err(`${side}: no legions given`);
  }
  return err(`${side}: the roster must be text such as "Marcus: 1 CAT 2 INF; Titus: 3 INF"`);
}

function readDice(spec: BattleSpec, id: string): Result<DiceSpec> {
  const hasSeed = !isBlank(spec.seed);
  const hasDice = !isBlank(spec.dice) && !(Array.isArray(spec.dice) && spec.dice.length === 0);
  if (spec.sealed !== undefined) {
    if (hasSeed || hasDice) {
      return err('the dice are sealed: a sealed battle takes neither a seed nor a list of dice');
    }
    const key = parseKey(spec.sealed.key);
    if (!key.ok) return err(`sealed dice: ${key.error}`);
    const { game, turn } = spec.sealed;
    return ok({ kind: 'sealed', key: spec.sealed.key, game, turn, battle: id });
  }
  if (hasSeed && hasDice) return err('give either a seed or a list of dice, not both');
  if (hasDice) {
    const dice = spec.dice;
    const rolls = parseDiceList(Array.isArray(dice) ? dice : String(dice));
    return rolls.ok ? ok({ kind: 'scripted', rolls: rolls.value }) : err(`dice: ${rolls.error}`);
  }
  if (hasSeed) return ok({ kind: 'seeded', seed: String(spec.seed) });
  return err('no dice: give a seed (any text) or a list of dice');
}

function diceRecordOf(spec: DiceSpec): DiceRecord {
  switch (spec.kind) {
    case 'seeded':
      return { seed: spec.seed, algorithm: SEEDED_ALGORITHM };
    case 'scripted':
      return { scripted: spec.rolls };
    case 'sealed': {
      const { game, turn, battle } = spec;
      const commitment = keyCommitment(spec.key);
      return { sealed: { game, turn, battle, commitment, algorithm: SEALED_ALGORITHM } };
    }
  }
}

export function resolveBattle(battle: Battle): Result<BattleResult> {
  const state = battle.ruleset.start(battle.forces, battle.options);
  return play(battle, state, { spec: battle.dice }, diceRecordOf(battle.dice));
}

/**
 * Resumes a paused battle with the attacker's new orders (they replace the old ones; an order
 * not given is none) and, for scripted dice, optionally more dice appended to the stream.
 * Sealed dice need the game `key` (hex) again: a saved battle never holds it.
 */
export function resumeBattle(
  saved: SavedBattle,
  orders: RawOptions = {},
  moreDice: number[] = [],
  key?: string,
): Result<BattleResult> {
  const fail = (message: string) => err(`battle ${saved.id}: ${message}`);
  const ruleset = findRuleset(saved.ruleset?.id ?? '');
  if (saved.format !== 'praetor-saved-battle' || !ruleset)
    return fail('this is not a saved Praetor battle');
  if (ruleset.version !== saved.ruleset.version) {
    return fail(
      `saved with ${ruleset.id} ${saved.ruleset.version}; this Praetor has ${ruleset.version}`,
    );
  }
  const notOrders = Object.keys(orders).filter(
    (k) => !ruleset.orderKeys.includes(k) && orders[k] !== undefined,
  );
  if (notOrders.length > 0) {
    return fail(
      `a resumed battle takes only new orders (${ruleset.orderKeys.join(', ')}), not ${notOrders.join(', ')}`,
    );
  }
  const merged: RawOptions = { ...(saved.options as RawOptions) };
  for (const k of ruleset.orderKeys) merged[k] = orders[k];
  const options = ruleset.parseOptions(merged);
  if (!options.ok) return fail(options.error);
  let dice: DiceState = structuredClone(saved.dice);
  let record = saved.diceRecord;
  if (dice.kind === 'sealed') {
    if (key === undefined) return fail('its dice are sealed: resuming it needs the game key');
    const bytes = parseKey(key);
    if (!bytes.ok) return fail(`the game key: ${bytes.error}`);
    if (commitmentOf(bytes.value) !== dice.commitment) {
      return fail(`the game key does not match the dice's commitment ${dice.commitment}`);
    }
  }
  if (moreDice.length > 0) {
    if (dice.kind !== 'scripted')
      return fail('more dice can be added only to a battle that uses scripted dice');
    dice = { ...dice, rolls: [...dice.rolls, ...moreDice] };
    record = { scripted: dice.rolls };
  }
  const battle: Battle = {
    id: saved.id,
    ruleset,
    options: options.value,
    forces: saved.forces,
    dice: { kind: 'scripted', rolls: [] },
  };
  return play(battle, structuredClone(saved.state), dice, record, key);
}

function play(
  battle: Battle,
  state: unknown,
  /** A stored source to resume, or the spec of a fresh one. */
  dice: DiceState | { spec: DiceSpec },
  record: DiceRecord,
  key?: string,
): Result<BattleResult> {
  const { ruleset } = battle;
  const events: BattleEvent[] = [];
  const rolls: number[] = [];
  const source = 'kind' in dice ? openDice(dice, rolls, key) : startDice(dice.spec, rolls);
  try {
    ruleset.play(state, battle.options, source, (e) => events.push(e));
  } catch (e) {
    if (e instanceof OutOfDiceError) {
      return err(
        `battle ${battle.id}: the scripted dice ran out after ${e.used} dice, in ${ruleset.describePosition(state)}`,
      );
    }
    throw e;
  }
  const standing = ruleset.standing(state);
  const captured = SIDES.flatMap((side) =>
    standing.captured[side]
      ? battle.forces[side].map((_, i) => leaderLabel(side, battle.forces[side], i))
      : [],
  );
  const result: BattleResult = {
    id: battle.id,
    ruleset: { id: ruleset.id, version: ruleset.version },
    options: battle.options,
    forces: battle.forces,
    dice: record,
    diceUsed: source.used,
    rolls,
    outcome: standing.outcome,
    winner: standing.winner,
    rounds: standing.rounds,
    attacker: standing.survivors.attacker,
    defender: standing.survivors.defender,
    captured,
    events,
  };
  if (standing.outcome === 'paused') {
    result.saved = {
      format: 'praetor-saved-battle',
      id: battle.id,
      ruleset: result.ruleset,
      options: battle.options,
      forces: battle.forces,
      state,
      dice: source.state(),
      diceRecord: record,
    };
  }
  return ok(result);
}
