import { CellGrid } from './cells';
import { DiceSpec, parseDiceList } from './dice';
import { Forces, Legion, Side, SIDES, UnitCounts } from './forces';
import { err, ok, Result } from './result';
import { MAX_UNIT_COUNT, parseRosterCells, parseRosterText } from './roster';
import { AnyRuleset, RawOptions } from './ruleset';
import { isRecord, wholeError } from './saved-checks';
import { oneLine, oneLineError, shownValue } from './shown-text';
import { ownOptions } from './option-values';
import { DEFAULT_RULESET, findRuleset, rulesetIds } from './rulesets';
import { parseKey, Seal } from './sealed';
import { nearestName } from './word-slips';

/** Reading a battle as the user wrote it, and checking it into a Battle that can be resolved. */

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
export const isTextOrNumber = (v: unknown) =>
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
export function unitCountsError(
  value: unknown,
  path: string,
  ruleset: AnyRuleset,
): UnitCounts | string {
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
