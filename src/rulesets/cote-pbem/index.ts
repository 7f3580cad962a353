import { Forces, formatCounts, Legion, SIDES, sideSizeError } from '../../forces';
import { problemsResult } from '../../problem-list';
import { err, Result } from '../../result';
import { capturedOnElimination, LogColumn, Ruleset, standingFrom } from '../../ruleset';
import { emptySideError, endError, firstError, oneOfError, wholeError } from '../../saved-checks';
import {
  describePbemPosition,
  livingUnits,
  PbemCounts,
  PbemEvent,
  PbemState,
  playPbem,
  startPbem,
} from './engine';
import { pbemExactOdds } from './exact';
import { narratePbem } from './narrate';
import {
  describePbemOptions,
  parsePbemOptions,
  PBEM_OPTION_KEYS,
  pbemIdleOptions,
  PbemOptions,
} from './options';
import { CODES, LEGION_LIMIT, PBEM_UNITS } from './tables';

export type { PbemEvent, PbemState } from './engine';
export type { PbemOptions } from './options';

/** The most units a side may field, every kind counted: beyond any real battle (docs/rules-*.md). */
export const SIDE_LIMIT = 1000;

/**
 * Every legion within 7 combat units; galleys only at sea, where each legion needs one; on land
 * each legion brings a combat unit. Every legion's problems are listed at once (`listProblems`).
 */
function checkForces(forces: Forces, options: PbemOptions): Result<true> {
  // A side past the cap is one problem, found first: its legions are not checked one by one
  // (a typo such as 5000 INF would be named twice, as a side and as a legion).
  const size = sideSizeError(forces, SIDE_LIMIT);
  if (!size.ok) return size;
  return problemsResult(
    SIDES.flatMap((side) => forces[side].flatMap((legion) => legionProblems(legion, options))),
  );
}

function legionProblems(legion: Legion, options: PbemOptions): string[] {
  const problems: string[] = [];
  const u = legion.units;
  const combat = (u.CAT ?? 0) + (u.CAV ?? 0) + (u.INF ?? 0);
  const galleys = u.GAL ?? 0;
  if (combat > LEGION_LIMIT) {
    problems.push(
      `${legion.where}: ${combat} combat units; a legion holds at most ${LEGION_LIMIT}`,
    );
  }
  // One problem of where the legion fights: galleys on land say the battle may be at sea,
  // and then a legion of galleys alone needs no combat unit.
  if (!options.sea && galleys > 0) {
    problems.push(
      `${legion.where}: ${galleys} GAL in a land battle; galleys fight only at sea (set sea)`,
    );
  } else if (!options.sea && combat === 0) {
    problems.push(
      `${legion.where}: the legion has no combat units (Infantry, Cavalry or Catapult)`,
    );
  } else if (options.sea && galleys === 0) {
    problems.push(`${legion.where}: at sea every legion needs at least one galley to carry it`);
  }
  return problems;
}

/**
 * A saved state's counts and indices (its shape is checked already): units left and lost never
 * more than the forces began with, orders of battle within the units, walls within the fort.
 */
function validatePbemState(st: PbemState, start: PbemState): Result<true> {
  for (const s of [0, 1] as const) {
    for (const key of ['count', 'lost'] as const) {
      if (st[key][s]?.length !== 4) return err(`state.${key}[${s}] must list 4 counts`);
      for (let t = 0; t < 4; t++) {
        const e = wholeError(st[key][s][t], `state.${key}[${s}][${t}]`, 0, start.count[s][t]);
        if (e) return err(e);
      }
    }
    const total = start.count[s].reduce((a, b) => a + b, 0);
    const e =
      wholeError(
        st.orderLength[s],
        `state.orderLength[${s}]`,
        0,
        Math.min(total, st.orderType[s]?.length ?? 0),
      ) ?? wholeError(st.next[s], `state.next[${s}]`, 0, st.orderLength[s]);
    if (e) return err(e);
    if (st.orderNum[s]?.length !== st.orderType[s].length) {
      return err(`state.orderNum[${s}] must list as many units as state.orderType[${s}]`);
    }
    for (let i = 0; i < st.orderLength[s]; i++) {
      const bad =
        wholeError(st.orderType[s][i], `state.orderType[${s}][${i}]`, 0, 3) ??
        wholeError(st.orderNum[s][i], `state.orderNum[${s}][${i}]`, 0, total + 1);
      if (bad) return err(bad);
    }
  }
  return firstError(
    st.count.length === 2 && st.lost.length === 2
      ? null
      : 'state.count and state.lost list 2 sides',
    oneOfError(st.turn, 'state.turn', [0, 1]),
    wholeError(st.walls, 'state.walls', 0, start.walls),
    oneOfError(st.shooterSide, 'state.shooterSide', ['attacker', 'defender', null]),
    st.shooter === null || typeof st.shooter === 'string'
      ? null
      : 'state.shooter must be text or null',
    endError(st.end, 'state.end', ['eliminated', 'retreat', 'paused']),
    ...([0, 1] as const).map((s) => emptySideError(st.end, st.count.map(livingUnits), s)),
  );
}

const shown = (c: PbemCounts) => formatCounts(c, CODES);

const PBEM_COLUMNS: LogColumn<PbemEvent>[] = [
  { header: 'Round', width: 6, value: (e) => e.round },
  { header: 'Side', width: 9, value: (e) => e.side },
  { header: 'Unit', width: 7, value: (e) => e.unit + (e.burst ? ' (burst)' : '') },
  { header: 'Roll', width: 5, value: (e) => e.roll },
  {
    header: 'Result',
    width: 8,
    value: (e) => (!e.hit ? 'miss' : e.breach ? 'breach' : e.wasted ? 'walls' : 'hit'),
  },
  { header: 'Target', width: 7, value: (e) => e.targetRoll ?? '' },
  { header: 'Lost', width: 7, value: (e) => e.lost ?? '' },
  { header: 'Attacker left', width: 20, value: (e) => shown(e.left.attacker) },
  { header: 'Defender left', width: 20, value: (e) => shown(e.left.defender) },
];

export const cotePbem: Ruleset<PbemOptions, PbemState, PbemEvent> = {
  id: 'cote-pbem',
  version: '1.0.0',
  title: 'Conquest of the Empire, PBEM battle rules (1998)',
  units: PBEM_UNITS,
  orderKeys: ['retreat', 'rounds'],
  optionKeys: PBEM_OPTION_KEYS,
  parseOptions: parsePbemOptions,
  idleOptions: pbemIdleOptions,
  checkForces,
  checkLegion: (legion, _side, options) => legionProblems(legion, options),
  start: startPbem,
  play: playPbem,
  validateState: validatePbemState,
  standing(st) {
    const survivors = {
      attacker: {
        CAT: st.count[0][0],
        CAV: st.count[0][1],
        INF: st.count[0][2],
        GAL: st.count[0][3],
      },
      defender: {
        CAT: st.count[1][0],
        CAV: st.count[1][1],
        INF: st.count[1][2],
        GAL: st.count[1][3],
      },
    };
    return standingFrom(st.end, st.round, survivors, capturedOnElimination(st.end));
  },
  describePosition: describePbemPosition,
  logColumns: PBEM_COLUMNS,
  narrate: narratePbem,
  forcesAfter: (event) => event.left,
  describeOptions: describePbemOptions,
  exactOdds: pbemExactOdds,
};
