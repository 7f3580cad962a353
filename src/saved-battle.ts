import { DiceState, parseDiceState } from './dice';
import { Forces, SIDES } from './forces';
import { err, ok, Result } from './result';
import { AnyRuleset, RawOptions } from './ruleset';
import { MAX_SAVED_ROUND, shapeError, wholeError } from './saved-checks';
import { oneLineError, shownValue } from './shown-text';
import { findRuleset, rulesetIds } from './rulesets';
import { isTextOrNumber, unitCountsError } from './battle-spec';
import { DiceRecord, recordOfState } from './dice-record';

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
