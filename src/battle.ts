import { CellGrid } from './cells';
import {
  DiceSpec,
  DiceState,
  startDice,
  openDice,
  OutOfDiceError,
  parseDiceList,
  parseDiceState,
  SEEDED_ALGORITHM,
} from './dice';
import { Forces, leaderLabel, Legion, Side, SIDES, UnitCounts } from './forces';
import { err, ok, Result } from './result';
import { parseRosterCells, parseRosterText } from './roster';
import { AnyRuleset, BattleEvent, RawOptions } from './ruleset';
import { canonicalJson, isRecord, MAX_SAVED_ROUND, shapeError, wholeError } from './saved-checks';
import { oneLine, oneLineError, shownValue } from './shown-text';
import { ownOptions } from './option-values';
import { DEFAULT_RULESET, findRuleset, rulesetIds } from './rulesets';
import { MAX_UNIT_COUNT } from './roster';
import {
  commitmentOf,
  keyCommitment,
  parseKey,
  Seal,
  SEALED_ALGORITHM,
  SealedPlace,
  SealRecord,
} from './sealed';
import { nearestName } from './word-slips';

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

/**
 * A battle's orders and dice (its id, rules, options, forces and dice), as canonical JSON: two
 * results with the same are the same battle, rolled the same.
 */
export const battleOrders = ({ id, ruleset, options, forces, dice }: BattleResult): string =>
  canonicalJson({ id, ruleset, options, forces, dice });

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

/**
 * An unknown option of a battle object (`--input`) lists the ruleset's options; its own fields
 * are named too. Each unknown field that is a slip for one name, a field or an option
 * (`attackr` for `attacker`, `brechBy` for `breachBy`), is told it.
 */
function withSpecKeys(error: string, options: RawOptions, ruleset: AnyRuleset): string {
  if (!error.startsWith('unknown option ')) return error;
  const nearest = nearestName([...SPEC_KEYS, ...ruleset.optionKeys]);
  // The fields the ruleset refuses, alone: not one it ignores blank, nor one in another case.
  const refused = (k: string) => {
    const alone = ruleset.parseOptions(ownOptions({ [k]: options[k] }));
    return !alone.ok && alone.error.startsWith('unknown option ');
  };
  const slips = Object.keys(options)
    .filter(refused)
    .flatMap((k) => {
      const name = nearest(k);
      return name === null ? [] : [{ slip: `"${oneLine(k)}"`, name: `"${name}"` }];
    });
  const lists = `${error}; a battle's own fields are ${SPEC_KEYS.join(', ')}`;
  if (slips.length === 0) return lists;
  const fields = slips.length === 1 ? 'field' : 'fields';
  const [written, meant] = [slips.map((s) => s.slip), slips.map((s) => s.name)];
  return `${lists}; unknown ${fields} ${written.join(', ')}: did you mean ${meant.join(', ')}?`;
}

/**
 * A battle object as `praetor battle --input` takes it: options sit beside the other fields.
 * The options are own fields only, in a record without a prototype: a field named `__proto__`
 * (which JSON.parse gives as an own field) is an unknown option like any other, not the options'
 * prototype.
 */
export function specFromObject(o: Record<string, unknown>): BattleSpec {
  const options = ownOptions({});
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

/** An id or a seed: text or a number (a spreadsheet cell may hold either), nothing else. */
const isTextOrNumber = (v: unknown) =>
  typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/**
 * Checks a battle as the user wrote it: its id, seed, rules and options, each side's roster
 * (text, cells, or legions already read, every field checked), the forces against the rules, and
 * the dice. An error is one line that begins `battle ID: ` and names the field at fault.
 */
export function validateBattle(spec: BattleSpec, fallbackId = 'battle'): Result<Battle> {
  return oneLineError(validate(spec, fallbackId));
}

function validate(spec: BattleSpec, fallbackId: string): Result<Battle> {
  if (!isBlank(spec.id) && !isTextOrNumber(spec.id)) {
    return err(`battle ${fallbackId}: id is ${shownValue(spec.id)}: expected text or a number`);
  }
  const id = isBlank(spec.id) ? fallbackId : String(spec.id).trim();
  const fail = (message: string) => err(`battle ${id}: ${message}`);
  if (!isBlank(spec.seed) && !isTextOrNumber(spec.seed)) {
    return fail(`seed is ${shownValue(spec.seed)}: expected text or a number`);
  }
  if (!isBlank(spec.rules) && typeof spec.rules !== 'string') {
    return fail(
      `rules is ${shownValue(spec.rules)}: expected a ruleset id such as ${DEFAULT_RULESET}`,
    );
  }
  const rulesId = isBlank(spec.rules) ? DEFAULT_RULESET : String(spec.rules);
  const ruleset = findRuleset(rulesId);
  if (!ruleset) {
    const near = nearestName(rulesetIds())(rulesId);
    const hint = near === null ? '' : `: did you mean "${near}"?`;
    return fail(`unknown rules "${rulesId}" (known: ${rulesetIds().join(', ')})${hint}`);
  }
  const options = ruleset.parseOptions(ownOptions(spec.options ?? {}));
  if (!options.ok) return fail(withSpecKeys(options.error, spec.options ?? {}, ruleset));
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
  if (Array.isArray(value) && value.every(isRecord)) {
    return value.length > 0 ? readLegions(value, side, ruleset) : err(`${side}: no legions given`);
  }
  return err(`${side}: the roster must be text such as "Marcus: 1 CAT 2 INF; Titus: 3 INF"`);
}

/**
 * A side given as legions already read (a JSON battle, a report's forces, a workbook's rows):
 * each field checked as a roster would have given it, `attacker[1].units.GAL is -1, expected
 * ...`. `where` may be left out (`attacker legion 2`); the ruleset's own fields (a legion-battles
 * `unit`, a fortunes-of-war `fow`) are kept, for its forces check to read.
 */
function readLegions(
  value: readonly Record<string, unknown>[],
  side: Side,
  ruleset: AnyRuleset,
): Result<Legion[]> {
  const legions: Legion[] = [];
  for (let i = 0; i < value.length; i++) {
    const l = value[i];
    const path = `${side}[${i}]`;
    const where = l.where === undefined ? `${side} legion ${i + 1}` : l.where;
    if (typeof where !== 'string' || where.trim() === '') {
      return err(`${path}.where is ${shownValue(l.where)}, expected text (or leave it out)`);
    }
    if (l.leader !== undefined && l.leader !== null && typeof l.leader !== 'string') {
      return err(`${path}.leader is ${shownValue(l.leader)}, expected text (or leave it out)`);
    }
    const units = unitCountsError(l.units, `${path}.units`, ruleset);
    if (typeof units === 'string') return err(units);
    const { leader, ...rest } = l;
    legions.push({
      ...rest,
      ...(typeof leader === 'string' ? { leader } : {}),
      units,
      where,
    } as Legion);
  }
  return ok(legions);
}

/** A legion's counts by unit code: a copy, or the error naming the field. */
function unitCountsError(value: unknown, path: string, ruleset: AnyRuleset): UnitCounts | string {
  if (!isRecord(value)) return `${path} is ${shownValue(value)}, expected counts by unit code`;
  const codes = ruleset.units.map((u) => u.code);
  const counts: UnitCounts = {};
  for (const [code, n] of Object.entries(value)) {
    if (!codes.includes(code)) {
      return `${path} has ${shownValue(code)}, not a ${ruleset.id} unit`;
    }
    const e = wholeError(n, `${path}.${code}`, 0, MAX_UNIT_COUNT);
    if (e) return e;
    counts[code] = n as number;
  }
  return counts;
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
  return err('no dice: give a seed (any text but blank) or a list of dice');
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
 * A saved battle read back (from a file anyone may have edited), checked field by field before
 * anything is resumed from it: its ruleset and version, options, forces (as a new battle's),
 * dice state and record, and the ruleset's state (the shape of a fresh start of the same forces,
 * then the ruleset's own `validateState`). Returns a copy that play may change freely; the error
 * says `the saved battle is damaged: state.round is "x", expected ...`.
 */
export function parseSavedBattle(
  data: unknown,
): Result<{ saved: SavedBattle; ruleset: AnyRuleset }> {
  return oneLineError(readSavedBattle(data));
}

function readSavedBattle(data: unknown): Result<{ saved: SavedBattle; ruleset: AnyRuleset }> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return err('this is not a saved Praetor battle');
  }
  const d = data as Record<string, unknown>;
  if (d.format !== 'praetor-saved-battle') return err('this is not a saved Praetor battle');
  const name = isTextOrNumber(d.id) ? String(d.id) : 'saved';
  const damaged = (message: string) =>
    err(`battle ${name}: the saved battle is damaged: ${message}`);
  if (!isTextOrNumber(d.id)) return damaged(`id is ${shownValue(d.id)}, expected text`);
  const rs = d.ruleset as Record<string, unknown> | null;
  if (typeof rs !== 'object' || rs === null || typeof rs.id !== 'string') {
    return damaged(`ruleset is ${shownValue(rs)}, expected { id, version }`);
  }
  const ruleset = findRuleset(rs.id);
  if (!ruleset) {
    return damaged(`ruleset.id is ${shownValue(rs.id)} (known: ${rulesetIds().join(', ')})`);
  }
  if (typeof rs.version !== 'string') {
    return damaged(`ruleset.version is ${shownValue(rs.version)}, expected text such as "1.0.0"`);
  }
  if (ruleset.version !== rs.version) {
    return err(
      `battle ${name}: saved with ${ruleset.id} ${rs.version.length > 40 ? shownValue(rs.version) : rs.version}; this Praetor has ${ruleset.version}` +
        `, whose rules changed (docs/rules-${ruleset.id}.md): fight the battle again from its start, with the same dice and orders`,
    );
  }
  if (typeof d.options !== 'object' || d.options === null || Array.isArray(d.options)) {
    return damaged(`options is ${shownValue(d.options)}, expected an object`);
  }
  const options = ruleset.parseOptions(d.options as RawOptions);
  if (!options.ok) return damaged(`options: ${options.error}`);
  const forces = readSavedForces(d.forces, ruleset);
  if (!forces.ok) return damaged(forces.error);
  let template: unknown;
  try {
    const checked = ruleset.checkForces(forces.value, options.value);
    if (!checked.ok) return damaged(`forces: ${checked.error}`);
    template = ruleset.start(forces.value, options.value);
  } catch {
    return damaged(`forces: not the forces of a ${ruleset.id} battle`);
  }
  const dice = parseDiceState(d.dice);
  if (!dice.ok) return damaged(dice.error);
  const record = readDiceRecord(d.diceRecord, dice.value);
  if (!record.ok) return damaged(record.error);
  const state = structuredCloneJson(d.state);
  if (!state.ok) return damaged(state.error);
  const shape =
    shapeError(template, state.value, 'state') ??
    wholeError((state.value as Record<string, unknown>).round, 'state.round', 0, MAX_SAVED_ROUND);
  if (shape) return damaged(shape);
  const valid = ruleset.validateState?.(state.value, template) ?? ok(true);
  if (!valid.ok) return damaged(valid.error);
  return ok({
    ruleset,
    saved: {
      format: 'praetor-saved-battle',
      id: String(d.id),
      ruleset: { id: ruleset.id, version: ruleset.version },
      options: options.value,
      forces: forces.value,
      state: state.value,
      dice: dice.value,
      diceRecord: record.value,
    },
  });
}

/** A deep copy of plain JSON data (a state read from a file, or one kept in memory). */
function structuredCloneJson(v: unknown): Result<unknown> {
  try {
    return ok(structuredClone(v));
  } catch {
    return err('state is not plain data');
  }
}

function readSavedForces(value: unknown, ruleset: AnyRuleset): Result<Forces> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return err(`forces is ${shownValue(value)}, expected { attacker, defender }`);
  }
  const f = value as Record<string, unknown>;
  for (const side of SIDES) {
    const legions = f[side];
    if (!Array.isArray(legions) || legions.length === 0) {
      return err(`forces.${side} is ${shownValue(legions)}, expected a list of legions`);
    }
    for (let i = 0; i < legions.length; i++) {
      const path = `forces.${side}[${i}]`;
      const l = legions[i] as Record<string, unknown> | null;
      if (typeof l !== 'object' || l === null || Array.isArray(l)) {
        return err(`${path} is ${shownValue(l)}, expected a legion`);
      }
      if (typeof l.where !== 'string')
        return err(`${path}.where is ${shownValue(l.where)}, expected text`);
      if (l.leader !== undefined && typeof l.leader !== 'string') {
        return err(`${path}.leader is ${shownValue(l.leader)}, expected text`);
      }
      const units = unitCountsError(l.units, `${path}.units`, ruleset);
      if (typeof units === 'string') return err(units);
    }
  }
  return ok(structuredClone({ attacker: f.attacker, defender: f.defender }) as Forces);
}

/**
 * A saved battle's dice record must be that of its dice state: a record edited to name another
 * seed (or dice, or sealed place) would report dice the battle was not fought with.
 */
function readDiceRecord(value: unknown, dice: DiceState): Result<DiceRecord> {
  const want = recordOfState(dice);
  const at = differenceAt(value, want);
  if (at === null) return ok(want);
  return err(
    `diceRecord${at.path} is ${shownValue(at.got)}, but its dice state gives ${shownValue(at.want)}`,
  );
}

function recordOfState(dice: DiceState): DiceRecord {
  switch (dice.kind) {
    case 'seeded':
      return { seed: dice.seed, algorithm: SEEDED_ALGORITHM };
    case 'scripted':
      return { scripted: [...dice.rolls] };
    case 'sealed': {
      const { game, turn, battle, commitment } = dice;
      return { sealed: { game, turn, battle, commitment, algorithm: SEALED_ALGORITHM } };
    }
  }
}

/** Where two JSON values first differ (keys in any order), or null where they are equal. */
function differenceAt(
  got: unknown,
  want: unknown,
  path = '',
): { path: string; got: unknown; want: unknown } | null {
  const here = { path, got, want };
  if (typeof want !== 'object' || want === null) return got === want ? null : here;
  if (typeof got !== 'object' || got === null || Array.isArray(got) !== Array.isArray(want)) {
    return here;
  }
  const [g, w] = [got as Record<string, unknown>, want as Record<string, unknown>];
  if (Object.keys(g).length !== Object.keys(w).length) return here;
  for (const k of Object.keys(w)) {
    if (!Object.hasOwn(g, k)) return here;
    const inner = differenceAt(g[k], w[k], Array.isArray(want) ? `${path}[${k}]` : `${path}.${k}`);
    if (inner) return inner;
  }
  return null;
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
