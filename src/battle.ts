import { DiceSpec, DiceState, startDice, openDice, OutOfDiceError } from './dice';
import { Forces, leaderLabel, Side, SIDES, UnitCounts } from './forces';
import { err, ok, Result } from './result';
import { BattleEvent, RawOptions } from './ruleset';
import { canonicalJson } from './saved-checks';
import { oneLineError } from './shown-text';
import { commitmentOf, parseKey, SealRecord } from './sealed';
import { Battle } from './battle-spec';
import { DiceRecord, diceRecordOf } from './dice-record';
import { parseSavedBattle, SavedBattle } from './saved-battle';

/**
 * One path for every battle: a BattleSpec (what the user wrote) is validated into a Battle,
 * resolved into a BattleResult. The CLI, the workbook referee and the taskpane all come here.
 * The spec is read and checked in battle-spec.ts; a paused battle's file is read back in
 * saved-battle.ts.
 */

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

/**
 * A battle's orders and dice (its id, rules, options, forces and dice), as canonical JSON: two
 * results with the same are the same battle, rolled the same.
 */
export const battleOrders = ({ id, ruleset, options, forces, dice }: BattleResult): string =>
  canonicalJson({ id, ruleset, options, forces, dice });

export function resolveBattle(battle: Battle): Result<BattleResult> {
  const state = battle.ruleset.start(battle.forces, battle.options);
  return oneLineError(play(battle, state, { spec: battle.dice }, diceRecordOf(battle.dice)));
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
  return oneLineError(resume(saved, orders, moreDice, key));
}

function resume(
  saved: SavedBattle,
  orders: RawOptions,
  moreDice: number[],
  key: string | undefined,
): Result<BattleResult> {
  const checked = parseSavedBattle(saved);
  if (!checked.ok) return checked;
  const { ruleset, saved: good } = checked.value;
  const fail = (message: string) => err(`battle ${good.id}: ${message}`);
  const notOrders = Object.keys(orders).filter(
    (k) => !ruleset.orderKeys.includes(k) && orders[k] !== undefined,
  );
  if (notOrders.length > 0) {
    return fail(
      `a resumed battle takes only new orders (${ruleset.orderKeys.join(', ')}), not ${notOrders.join(', ')}`,
    );
  }
  const merged: RawOptions = { ...(good.options as RawOptions) };
  for (const k of ruleset.orderKeys) merged[k] = orders[k];
  const options = ruleset.parseOptions(merged);
  if (!options.ok) return fail(options.error);
  let dice: DiceState = good.dice;
  let record = good.diceRecord;
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
    id: good.id,
    ruleset,
    options: options.value,
    forces: good.forces,
    dice: { kind: 'scripted', rolls: [] },
  };
  return play(battle, good.state, dice, record, key);
}

/**
 * The most log lines one run of a battle may write before it is stopped as a runaway: far beyond
 * any real battle under the rulesets' caps, and well inside memory. Every die is in the log, so
 * this bounds the dice too.
 */
export const MAX_EVENTS_PER_RUN = 2_000_000;

class RunawayError extends Error {}

function play(
  battle: Battle,
  state: unknown,
  /** A stored source to resume, or the spec of a fresh one. */
  dice: DiceState | { spec: DiceSpec },
  record: DiceRecord,
  key?: string,
): Result<BattleResult> {
  const { ruleset } = battle;
  const resumed = 'kind' in dice;
  const events: BattleEvent[] = [];
  const rolls: number[] = [];
  const source = resumed ? openDice(dice, rolls, key) : startDice(dice.spec, rolls);
  const emit = (e: BattleEvent) => {
    if (events.push(e) > MAX_EVENTS_PER_RUN) throw new RunawayError();
  };
  try {
    ruleset.play(state, battle.options, source, emit);
  } catch (e) {
    if (e instanceof OutOfDiceError) {
      return err(
        `battle ${battle.id}: the scripted dice ran out after ${e.used} dice, in ${ruleset.describePosition(state)}`,
      );
    }
    if (e instanceof RunawayError) {
      return err(
        `battle ${battle.id}: stopped after ${MAX_EVENTS_PER_RUN.toLocaleString('en')} shots without an end` +
          (resumed ? ': the saved battle is damaged' : ''),
      );
    }
    // A state that passed the checks yet breaks the rules' code: still the file's fault.
    if (resumed) return err(`battle ${battle.id}: the saved battle is damaged (${String(e)})`);
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
