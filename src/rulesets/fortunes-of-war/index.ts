import { Forces, SIDES } from '../../forces';
import { err, ok, Result } from '../../result';
import { LogColumn, Ruleset } from '../../ruleset';
import { endError, firstError, oneOfError } from '../../saved-checks';
import { describeFowPosition, playFow, standingOf } from './engine';
import { FowEvent } from './events';
import { narrateFow } from './narrate';
import {
  describeFowOptions,
  FOW_NUMBERS,
  FowOptions,
  parseCastes,
  parseFowOptions,
} from './options';
import { parseFowRoster } from './roster';
import { formatFowRoster } from './roster-text';
import { FowState, startFow } from './state';
import { FowLegion, FOW_UNITS } from './units';

export type { FowEvent } from './events';
export type { FowOptions } from './options';
export type { FowState } from './state';

/** One legion a side, carrying its army and leader; castes the options know; one terrain. */
function checkForces(forces: Forces, options: FowOptions): Result<true> {
  const castes = parseCastes(options.castes);
  if (!castes.ok) return castes;
  const known = castes.value.map((c) => c.name);
  const terrains = new Set<string>();
  for (const side of SIDES) {
    const legions = forces[side] as FowLegion[];
    if (legions.length !== 1) {
      return err(
        `${side}: a fortunes-of-war side is one army or leader in the hex, not ${legions.length}`,
      );
    }
    const spec = legions[0].fow;
    if (!spec) {
      return err(
        `${legions[0].where}: a fortunes-of-war side needs its ratings (roster text or the Armies sheet)`,
      );
    }
    const castesUsed = [
      ...(spec.army ? [spec.army.caste] : []),
      ...spec.empire.map((u) => u.caste),
    ];
    const unknown = castesUsed.find((c) => !known.includes(c.toLowerCase()));
    if (unknown !== undefined) {
      return err(
        `${legions[0].where}: caste "${unknown}" is not in the castes table (${options.castes})`,
      );
    }
    if (spec.terrain !== null) terrains.add(spec.terrain);
  }
  if (options.terrain === null && terrains.size > 1) {
    return err(
      `the sides give different terrains (${[...terrains].join(' and ')}): give one, or the terrain option`,
    );
  }
  return ok(true);
}

const COLUMNS: LogColumn<FowEvent>[] = [
  { header: 'Round', width: 6, value: (e) => e.round },
  { header: 'Segment', width: 16, value: (e) => e.segment },
  { header: 'Side', width: 9, value: (e) => e.side },
  { header: 'Unit', width: 18, value: (e) => e.unit },
  { header: 'Dice', width: 10, value: (e) => e.dice.join(' ') },
  { header: 'Roll', width: 12, value: (e) => e.roll },
  { header: 'How', width: 50, value: (e) => e.detail },
  { header: 'Result', width: 40, value: (e) => e.result },
  { header: 'Attacker', width: 30, value: (e) => e.status.attacker },
  { header: 'Defender', width: 30, value: (e) => e.status.defender },
];

const FOW_OUTCOMES = [
  'destroyed',
  'retreated',
  'routed',
  'mutual',
  'disengaged',
  'escaped',
  'captured',
  'killed',
  'missing',
  'drowned',
  'apart',
  'paused',
];

/**
 * A saved state (its shape is checked already against a fresh start): the same sides (an army
 * or a leader is there or not as the forces say, with its fixed spec), known phase and endings.
 */
function validateFowState(st: FowState, start: FowState): Result<true> {
  for (const side of SIDES) {
    const s = st.sides[side];
    const t = start.sides[side];
    for (const key of ['army', 'leader'] as const) {
      if ((s[key] === null) !== (t[key] === null)) {
        return err(
          `state.sides.${side}.${key} is ${s[key] === null ? 'missing' : 'not in the forces'}`,
        );
      }
      if (s[key] !== null && JSON.stringify(s[key]!.spec) !== JSON.stringify(t[key]!.spec)) {
        return err(`state.sides.${side}.${key}.spec is not the forces'`);
      }
    }
    if (JSON.stringify(s.spec) !== JSON.stringify(t.spec)) {
      return err(`state.sides.${side}.spec is not the forces'`);
    }
  }
  return firstError(
    oneOfError(st.phase, 'state.phase', ['armies', 'leaders', 'duel', 'aftermath', 'done']),
    oneOfError(st.terrain, 'state.terrain', [start.terrain]),
    endError(st.armies, 'state.armies', FOW_OUTCOMES),
    endError(st.end, 'state.end', FOW_OUTCOMES),
    st.at === null || typeof st.at === 'string' ? null : 'state.at must be text or null',
  );
}

export const fortunesOfWar: Ruleset<FowOptions, FowState, FowEvent> = {
  id: 'fortunes-of-war',
  version: '1.0.0',
  title: 'Fortunes of War (armies, leaders and empires in one hex)',
  units: FOW_UNITS,
  orderKeys: ['rounds'],
  parseOptions: parseFowOptions,
  parseRoster: parseFowRoster,
  formatRoster: formatFowRoster,
  readingKeys: Object.keys(FOW_NUMBERS),
  checkForces,
  start: startFow,
  play: playFow,
  validateState: validateFowState,
  standing: standingOf,
  describePosition: describeFowPosition,
  logColumns: COLUMNS,
  narrate: narrateFow,
  forcesAfter: (event) => event.left,
  describeOptions: describeFowOptions,
  undecidedName: 'noVictor',
};
