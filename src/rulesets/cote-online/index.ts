import { Forces, formatCounts, Legion, Side, SIDES, sideSizeError } from '../../forces';
import { problemsResult } from '../../problem-list';
import { err, Result } from '../../result';
import { capturedOnElimination, LogColumn, Ruleset, standingFrom } from '../../ruleset';
import { emptySideError, endError, firstError, wholeError } from '../../saved-checks';
import {
  countsOf,
  describeOnlinePosition,
  OnlineEvent,
  OnlineState,
  playOnline,
  startOnline,
  warriors,
} from './engine';
import { onlineExactOdds } from './exact';
import { narrateOnline } from './narrate';
import {
  describeOnlineOptions,
  ONLINE_OPTION_KEYS,
  OnlineOptions,
  parseOnlineOptions,
} from './options';
import { CODES, LEGION_LIMIT, ONLINE_UNITS } from './tables';

export type {
  OnlineCasualtyEvent,
  OnlineEvent,
  OnlineRollEvent,
  OnlineState,
  OnlineSunkEvent,
} from './engine';
import { ONLINE_TEMPLATE } from './template';
export type { OnlineOptions } from './options';

/** The most units a side may field, every kind counted: beyond any real battle (docs/rules-*.md). */
export const SIDE_LIMIT = 1000;

/**
 * A legion is a leader and 1 to 7 warriors; galleys carry it and do not count. Every legion's
 * problems are listed at once (`listProblems`).
 */
function checkForces(forces: Forces, options: OnlineOptions): Result<true> {
  // A side past the cap is one problem, found first: its legions are not checked one by one
  // (a typo such as 5000 INF would be named twice, as a side and as a legion).
  const size = sideSizeError(forces, SIDE_LIMIT);
  if (!size.ok) return size;
  return problemsResult(
    SIDES.flatMap((side) => {
      // A fortified city none of whose legions has a warrior: the city itself is taken.
      const cityEmpty =
        side === 'defender' &&
        options.fort &&
        forces.defender.every((l) => legionWarriors(l) === 0);
      return forces[side].flatMap((legion) => legionProblems(legion, side, cityEmpty));
    }),
  );
}

/** A legion's warriors: galleys and the fort's Artillery are none. */
const legionWarriors = ({ units: u }: Legion) => (u.CAT ?? 0) + (u.CAV ?? 0) + (u.INF ?? 0);

function legionProblems(legion: Legion, side: Side, cityEmpty = false): string[] {
  const problems: string[] = [];
  const u = legion.units;
  const fort = (u.FORT ?? 0) > 0;
  if (fort) {
    problems.push(
      `${legion.where}: the fortified city's Artillery is not part of a legion; set the fort option instead`,
    );
  }
  const warriors = legionWarriors(legion);
  if (warriors > LEGION_LIMIT) {
    problems.push(`${legion.where}: ${warriors} warriors; a legion holds at most ${LEGION_LIMIT}`);
  }
  // A legion of the fort's Artillery alone is the fort given the wrong way (named above),
  // not a legion short of warriors.
  if (warriors === 0 && !fort) {
    // The seed settles these without dice: a leader left alone is captured, empty ships sunk.
    const alone =
      side === 'attacker'
        ? '; a leader must bring at least one warrior to attack'
        : cityEmpty
          ? "; a fortified city with no defending warriors is taken without a battle (the fort's Artillery fights only beside warriors): a leader alone is captured, and empty galleys destroyed"
          : '; a leader alone is captured, and empty galleys destroyed, without a battle';
    problems.push(
      `${legion.where}: the legion has no warriors (Infantry, Cavalry or Catapult); a legion is a leader and 1 to ${LEGION_LIMIT} warriors${alone}`,
    );
  }
  return problems;
}

/** A saved state's counts (its shape is checked already): never more than the battle began with. */
function validateOnlineState(st: OnlineState, start: OnlineState): Result<true> {
  if (st.count.length !== 2) return err('state.count must list 2 sides');
  for (const s of [0, 1]) {
    if (st.count[s].length !== start.count[s].length) {
      return err(`state.count[${s}] must list ${start.count[s].length} counts`);
    }
    for (let t = 0; t < st.count[s].length; t++) {
      const e = wholeError(st.count[s][t], `state.count[${s}][${t}]`, 0, start.count[s][t]);
      if (e) return err(e);
    }
  }
  return firstError(
    st.at === null || typeof st.at === 'string' ? null : 'state.at must be text or null',
    endError(st.end, 'state.end', ['eliminated', 'retreat', 'mutual', 'paused']),
    ...([0, 1] as const).map((s) => emptySideError(st.end, st.count.map(warriors), s)),
  );
}

const shown = (c: OnlineEvent['left']['attacker']) => formatCounts(c, CODES);

/** The casualty draw's dice: `2 5`, or `6 (redrawn), 2` when an attempt was rejected. */
const drawnDice = (e: OnlineEvent) =>
  e.kind !== 'casualty'
    ? ''
    : e.attempts
        .map((a, i) => (i < e.attempts.length - 1 ? `${a.join(' ')} (redrawn)` : a.join(' ')))
        .filter((s) => s !== '')
        .join(', ');

const ONLINE_COLUMNS: LogColumn<OnlineEvent>[] = [
  { header: 'Round', width: 6, value: (e) => e.round },
  { header: 'Side', width: 9, value: (e) => e.side },
  {
    header: 'Unit',
    width: 7,
    value: (e) =>
      e.kind === 'roll' ? e.unit : e.kind === 'casualty' ? `hit ${e.hitNumber}` : 'GAL',
  },
  { header: 'Roll', width: 5, value: (e) => (e.kind === 'roll' ? e.roll : '') },
  {
    header: 'Result',
    width: 9,
    value: (e) =>
      e.kind === 'roll' ? (e.hit ? 'hit' : 'miss') : e.kind === 'casualty' ? 'casualty' : 'sunk',
  },
  { header: 'Draw dice', width: 14, value: drawnDice },
  { header: 'Among', width: 6, value: (e) => (e.kind === 'casualty' ? e.among : '') },
  {
    header: 'Lost',
    width: 7,
    value: (e) => (e.kind === 'casualty' ? e.lost : e.kind === 'sunk' ? `${e.galleys} GAL` : ''),
  },
  { header: 'Attacker left', width: 20, value: (e) => shown(e.left.attacker) },
  { header: 'Defender left', width: 24, value: (e) => shown(e.left.defender) },
];

export const coteOnline: Ruleset<OnlineOptions, OnlineState, OnlineEvent> = {
  id: 'cote-online',
  version: '1.1.0',
  title: 'Conquest of the Empire, online rules (Dragons Hobbies)',
  units: ONLINE_UNITS,
  orderKeys: ['rounds'],
  optionKeys: ONLINE_OPTION_KEYS,
  template: ONLINE_TEMPLATE,
  parseOptions: parseOnlineOptions,
  checkForces,
  checkLegion: (legion, side) => legionProblems(legion, side),
  start: startOnline,
  validateState: validateOnlineState,
  play: playOnline,
  standing(st) {
    const survivors = { attacker: countsOf(st.count[0]), defender: countsOf(st.count[1]) };
    return standingFrom(st.end, st.round, survivors, capturedOnElimination(st.end));
  },
  describePosition: describeOnlinePosition,
  logColumns: ONLINE_COLUMNS,
  narrate: narrateOnline,
  forcesAfter: (event) => event.left,
  describeOptions: describeOnlineOptions,
  undecidedName: 'mutual',
  exactOdds: onlineExactOdds,
};
