import {
  isBlankValue,
  optionText,
  optionWord,
  pauseRounds,
  shownOption,
  unknownOptionsError,
  yesNo,
} from '../../option-values';
import { parseDecimal } from '../../cells';
import { IdleOption, RawOptions } from '../../ruleset';
import { err, ok, Result } from '../../result';
import { parseRetreat } from './retreat';

/** The PBEM ruleset's options, normalised; recorded as they are in every log. */
export interface PbemOptions {
  sea: boolean;
  /** Wall hit points of the defender's fortification: 0 (none), 1 or 2. */
  fort: 0 | 1 | 2;
  /** Which attacker hits breach standing walls. */
  breachBy: 'any' | 'catapult';
  /** The attacker's retreat condition, as text, or null. */
  retreat: string | null;
  /** Pause after this many rounds (counted from the start or the resume), or null. */
  rounds: number | null;
}

export const PBEM_DEFAULTS: PbemOptions = {
  sea: false,
  fort: 0,
  breachBy: 'any',
  retreat: null,
  rounds: null,
};

/** The options' names, as a battle object (`--input`) and the Battles sheet give them. */
export const PBEM_OPTION_KEYS = Object.keys(PBEM_DEFAULTS);

function parseFort(v: unknown): Result<0 | 1 | 2> {
  if (isBlankValue(v)) return ok(0);
  if (v === true) return ok(1);
  if (v === false) return ok(0);
  const w = optionWord(v);
  // A number typed as text is read as a number is (`1.0`, `+2`).
  const n = typeof v === 'string' ? parseDecimal(v) : undefined;
  if (['0', 'no', 'n', 'false', 'none'].includes(w) || n === 0) return ok(0);
  if (['1', 'yes', 'y', 'true'].includes(w) || n === 1) return ok(1);
  if (w === '2' || n === 2) return ok(2);
  return err(`fort is ${shownOption(v)}: expected 0, 1 or 2 wall hit points (or yes/no)`);
}

function parseBreachBy(v: unknown): Result<'any' | 'catapult'> {
  if (isBlankValue(v)) return ok('any');
  const w = optionWord(v);
  if (['any', 'all', 'any hit'].includes(w)) return ok('any');
  if (['catapult', 'catapults', 'cat', 'artillery'].includes(w)) return ok('catapult');
  return err(`breach by is ${shownOption(v)}: expected "any" or "catapult"`);
}

export function parsePbemOptions(raw: RawOptions): Result<PbemOptions> {
  const unknown = unknownOptionsError(raw, PBEM_OPTION_KEYS);
  if (unknown !== null) return err(unknown);
  const sea = yesNo(raw.sea, 'sea', { yes: ['sea'], no: ['land'] });
  if (!sea.ok) return sea;
  const fort = parseFort(raw.fort);
  if (!fort.ok) return fort;
  const breachBy = parseBreachBy(raw.breachBy);
  if (!breachBy.ok) return breachBy;
  const rounds = pauseRounds(raw.rounds);
  if (!rounds.ok) return rounds;
  let retreat: string | null = null;
  if (!isBlankValue(raw.retreat)) {
    const text = optionText(raw.retreat, 'retreat', 'lost >= 3');
    if (!text.ok) return text;
    retreat = text.value.trim();
    const parsed = parseRetreat(retreat);
    if (!parsed.ok) return parsed;
  }
  if (sea.value && fort.value > 0) {
    return err('a sea battle cannot have a fortification: set either sea or fort, not both');
  }
  return ok({
    sea: sea.value,
    fort: fort.value,
    breachBy: breachBy.value,
    retreat,
    rounds: rounds.value,
  });
}

export function describePbemOptions(o: PbemOptions): string[] {
  const lines: string[] = [];
  if (o.sea) lines.push('Sea battle: galleys fight once their land units are lost.');
  if (o.fort > 0) {
    const points = o.fort === 1 ? '1 wall hit point' : '2 wall hit points';
    const who =
      o.breachBy === 'catapult' ? 'only Catapult hits breach' : 'any attacker hit breaches';
    lines.push(`Fortified city: ${points}; ${who}.`);
  }
  if (o.retreat !== null) lines.push(`The attacker retreats when: ${o.retreat}.`);
  if (o.rounds !== null) lines.push(`Pause after ${o.rounds} round${o.rounds === 1 ? '' : 's'}.`);
  if (lines.length === 0) lines.push('Land battle, no fortification, no retreat condition.');
  return lines;
}

/**
 * Options given that change nothing in the battle (see `Ruleset.idleOptions`): a breach rule
 * where there are no walls, and retreat orders from a round after the pause (`Rounds` left as
 * it was when the new orders were written).
 */
export function pbemIdleOptions(o: PbemOptions): IdleOption[] {
  const idle: IdleOption[] = [];
  if (o.breachBy === 'catapult' && o.fort === 0) {
    idle.push({
      key: 'breachBy',
      why: o.sea
        ? 'a sea battle has no walls to breach'
        : 'there are no walls to breach; give Fort 1 or 2 if there are',
    });
  }
  const retreat = o.retreat === null ? null : parseRetreat(o.retreat);
  const rounds = o.rounds ?? Infinity;
  const late = retreat?.ok ? retreat.value.find((p) => p.from > rounds) : undefined;
  if (late) {
    idle.push({
      key: 'retreat',
      part: `its orders from round ${late.from}`,
      why: `the battle pauses after round ${o.rounds} (Rounds): clear Rounds, or raise it, for them to act`,
    });
  }
  return idle;
}
