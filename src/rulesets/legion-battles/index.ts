import { Forces, SIDES } from '../../forces';
import { err, ok, Result } from '../../result';
import { LogColumn, Ruleset } from '../../ruleset';
import { describeLegionPosition, playLegion, standingOf, startLegion } from './engine';
import { LegionEvent } from './events';
import { legionExactOdds } from './exact';
import { narrateLegion } from './narrate';
import {
  describeLegionOptions,
  LEGION_DEFAULTS,
  LegionOptions,
  parseLegionOptions,
} from './options';
import { parseLegionRoster } from './roster';
import { formatLegionRoster } from './roster-text';
import { LegionState } from './state';
import { LEGION_UNITS } from './units';

export type { LegionEvent } from './events';
export type { LegionOptions } from './options';
export type { LegionState } from './state';

/** Every legion is one unit; each side has at least one. */
function checkForces(forces: Forces): Result<true> {
  for (const side of SIDES) {
    for (const legion of forces[side]) {
      const n = Object.values(legion.units).reduce((a, b) => a + b, 0);
      if (n !== 1) {
        return err(
          `${legion.where}: a legion-battles unit is one unit (veteran, trained or raw), not ${n}`,
        );
      }
    }
  }
  return ok(true);
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
  version: '1.0.0',
  title: 'Legion Battles (mass battles with dice pools)',
  units: LEGION_UNITS,
  orderKeys: ['rounds'],
  parseOptions: parseLegionOptions,
  parseRoster: parseLegionRoster,
  formatRoster: formatLegionRoster,
  // Every reading goes in `--readings`; `rounds` (a pause) is a flag of its own.
  readingKeys: Object.keys(LEGION_DEFAULTS).filter((k) => k !== 'rounds'),
  checkForces,
  start: (forces) => startLegion(forces),
  play: playLegion,
  standing: standingOf,
  describePosition: describeLegionPosition,
  logColumns: COLUMNS,
  narrate: narrateLegion,
  forcesAfter: (event) => event.left,
  describeOptions: describeLegionOptions,
  undecidedName: 'standing',
  exactOdds: legionExactOdds,
};
