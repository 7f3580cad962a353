import { Forces, Side, SIDES, sideSizeError } from '../../forces';
import { problemsResult } from '../../problem-list';
import { err, Result } from '../../result';
import { LogColumn, Ruleset } from '../../ruleset';
import { endError, firstError, wholeError, unitsError } from '../../saved-checks';
import { describeLegionPosition, playLegion, standingOf, startLegion } from './engine';
import { LegionEvent } from './events';
import { legionExactOdds } from './exact';
import { narrateLegion } from './narrate';
import {
  describeLegionOptions,
  LEGION_DEFAULTS,
  LEGION_OPTION_KEYS,
  LegionOptions,
  parseLegionOptions,
} from './options';
import { parseLegionRoster } from './roster';
import { formatLegionRoster } from './roster-text';
import { LegionState } from './state';
import { LEGION_UNITS, RatedLegion } from './units';
import { unitSpecError } from './unit-check';
import { LEGION_TEMPLATE } from './template';

export type { LegionEvent } from './events';
export type { LegionOptions } from './options';
export type { LegionState } from './state';

/** The most units a side may field, every kind counted: beyond any real battle (docs/rules-*.md). */
export const LEGION_SIDE_LIMIT = 100;

/**
 * Every legion is one unit; each side has at least one. A unit's ratings given as data (a
 * legion's `unit`, not read from roster text) are checked as roster text would have read them.
 * Every legion's problems are listed at once (`listProblems`).
 */
function checkForces(forces: Forces): Result<true> {
  // A side past the cap is one problem, found first: its legions are not checked one by one
  // (a legion of 500 raw would be named twice, as a side and as a legion).
  const size = sideSizeError(forces, LEGION_SIDE_LIMIT);
  if (!size.ok) return size;
  return problemsResult(
    SIDES.flatMap((side) =>
      forces[side].flatMap((legion) => [
        ...legionProblems(legion, side),
        ...facingProblems(legion as RatedLegion, side, forces),
      ]),
    ),
  );
}

/** A unit told to face an enemy unit (`vs N`) the other side does not have. */
function facingProblems(legion: RatedLegion, side: Side, forces: Forces): string[] {
  const target = legion.unit?.target ?? null;
  const enemy = side === 'attacker' ? 'defender' : 'attacker';
  const n = forces[enemy].length;
  if (target === null || target < n) return [];
  return [
    `${legion.where}: vs ${target + 1}: the ${enemy} has ${n} unit${n === 1 ? '' : 's'}, ` +
      'so there is no such enemy unit to face',
  ];
}

function legionProblems(legion: RatedLegion, side: Side): string[] {
  const problems: string[] = [];
  const works = legion.unit?.works ?? 'none';
  if (side === 'attacker' && works !== 'none') {
    // The seed's works and camps are all defended ("+2 Boon Dice to defend"): on an attacking
    // unit they are a slip, which would give it dice the rules do not.
    problems.push(
      `${legion.where}: works "${works}": works and camps help a unit defend (their dice are ` +
        "the defender's), and this unit attacks",
    );
  }
  const n = Object.values(legion.units).reduce((a, b) => a + b, 0);
  if (n !== 1) {
    problems.push(
      `${legion.where}: a legion-battles unit is one unit (veteran, trained or raw), not ${n}`,
    );
  }
  if (legion.unit !== undefined) {
    // The ratings' quality is compared with the legion's unit only when it is one unit.
    const code = n === 1 ? Object.keys(legion.units).find((c) => legion.units[c] > 0) : undefined;
    const bad = unitSpecError(legion.unit, 'unit', code);
    if (bad !== null) problems.push(`${legion.where}: ${bad}`);
  }
  return problems;
}

/**
 * A saved state (its shape is checked already): the same units as the forces give, each with
 * its fixed spec, strength 0 to 3 steps lost, counts within their ranges.
 */
function validateLegionState(st: LegionState, start: LegionState): Result<true> {
  const units = unitsError(st.units, start.units, ['side', 'name', 'code', 'spec'], (u, t, path) =>
    u.wounds.length !== t.wounds.length
      ? `${path}.wounds must list ${t.wounds.length}`
      : (wholeError(u.strength, `${path}.strength`, 0, 3) ??
        wholeError(u.discipline, `${path}.discipline`, -1000, 1000) ??
        wholeError(u.pendingBoons, `${path}.pendingBoons`, 0, 1000) ??
        (t.arrows === null
          ? u.arrows === null
            ? null
            : `${path}.arrows must be null`
          : wholeError(u.arrows, `${path}.arrows`, 0, t.arrows)) ??
        u.wounds.map((w, k) => wholeError(w, `${path}.wounds[${k}]`, 0, 1000)).find((x) => x) ??
        null),
  );
  if (units) return err(units);
  return firstError(
    st.at === null || typeof st.at === 'string' ? null : 'state.at must be text or null',
    endError(st.end, 'state.end', ['broken', 'withdrawn', 'standing', 'mutual', 'paused']),
  );
}

const COLUMNS: LogColumn<LegionEvent>[] = [
  { header: 'Clash', width: 6, value: (e) => e.round },
  { header: 'Side', width: 9, value: (e) => e.side },
  { header: 'Unit', width: 14, value: (e) => e.unit },
  { header: 'Check', width: 24, value: (e) => e.check },
  { header: 'Pool', width: 30, value: (e) => e.pool },
  { header: 'Faces', width: 28, value: (e) => e.faces },
  { header: 'Net', width: 6, value: (e) => e.net },
  { header: 'Result', width: 18, value: (e) => e.result },
  { header: 'Effect', width: 40, value: (e) => e.effect },
  { header: 'Attacker', width: 24, value: (e) => e.status.attacker },
  { header: 'Defender', width: 24, value: (e) => e.status.defender },
];

export const legionBattles: Ruleset<LegionOptions, LegionState, LegionEvent> = {
  id: 'legion-battles',
  version: '1.3.0',
  title: 'Legion Battles (mass battles with dice pools)',
  units: LEGION_UNITS,
  orderKeys: ['rounds'],
  optionKeys: LEGION_OPTION_KEYS,
  template: LEGION_TEMPLATE,
  parseOptions: parseLegionOptions,
  parseRoster: parseLegionRoster,
  formatRoster: formatLegionRoster,
  // Every reading goes in `--readings`; `rounds` (a pause) is a flag of its own.
  readingKeys: Object.keys(LEGION_DEFAULTS).filter((k) => k !== 'rounds'),
  checkForces,
  checkLegion: (legion, side) => legionProblems(legion as RatedLegion, side),
  start: (forces) => startLegion(forces),
  play: playLegion,
  validateState: validateLegionState,
  standing: standingOf,
  describePosition: describeLegionPosition,
  logColumns: COLUMNS,
  narrate: narrateLegion,
  forcesAfter: (event) => event.left,
  describeOptions: describeLegionOptions,
  undecidedName: 'standing',
  undecidedLabel: 'No winner (standing, withdrawn or mutual)',
  exactOdds: legionExactOdds,
};
