import { Forces, formatCounts, SIDES } from '../../forces';
import { err, ok, Result } from '../../result';
import { capturedOnElimination, LogColumn, Ruleset, standingFrom } from '../../ruleset';
import {
  describePbemPosition,
  PbemCounts,
  PbemEvent,
  PbemState,
  playPbem,
  startPbem,
} from './engine';
import { pbemExactOdds } from './exact';
import { narratePbem } from './narrate';
import { describePbemOptions, parsePbemOptions, PbemOptions } from './options';
import { CODES, LEGION_LIMIT, PBEM_UNITS } from './tables';

export type { PbemEvent, PbemState } from './engine';
export type { PbemOptions } from './options';

function checkForces(forces: Forces, options: PbemOptions): Result<true> {
  for (const side of SIDES) {
    for (const legion of forces[side]) {
      const u = legion.units;
      const combat = (u.CAT ?? 0) + (u.CAV ?? 0) + (u.INF ?? 0);
      const galleys = u.GAL ?? 0;
      if (combat > LEGION_LIMIT) {
        return err(
          `${legion.where}: ${combat} combat units; a legion holds at most ${LEGION_LIMIT}`,
        );
      }
      if (!options.sea && galleys > 0) {
        return err(
          `${legion.where}: ${galleys} GAL in a land battle; galleys fight only at sea (set sea)`,
        );
      }
      if (!options.sea && combat === 0) {
        return err(
          `${legion.where}: the legion has no combat units (Infantry, Cavalry or Catapult)`,
        );
      }
      if (options.sea && galleys === 0) {
        return err(`${legion.where}: at sea every legion needs at least one galley to carry it`);
      }
    }
  }
  return ok(true);
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
  parseOptions: parsePbemOptions,
  checkForces,
  start: startPbem,
  play: playPbem,
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
