import { err, Result } from '../../result';
import { Ruleset, standingFrom } from '../../ruleset';
import { endError, firstError, oneOfError, wholeError, unitsError } from '../../saved-checks';
import { checkImperiumForces } from './check';
import { describeImperiumPosition, playImperium, startImperium } from './engine';
import { ImperiumEvent, leftOf } from './events';
import { IMPERIUM_COLUMNS } from './log';
import { narrateImperium } from './narrate';
import {
  describeImperiumOptions,
  IMPERIUM_OPTION_KEYS,
  ImperiumOptions,
  parseImperiumOptions,
} from './options';
import { parseImperiumRoster } from './roster';
import { ImperiumState } from './state';
import { IMPERIUM_UNITS } from './units';
import { IMPERIUM_TEMPLATE } from './template';

export type { ImperiumEvent, FireEvent, InitiativeEvent } from './events';
export { eventDice } from './events';
export type { ImperiumOptions, Orders } from './options';
export type { ImperiumState } from './state';

/**
 * A saved state (its shape is checked already): the same units as the forces give, each with
 * its own fixed data, fighters never more than it began with, and known words everywhere.
 */
function validateImperiumState(st: ImperiumState, start: ImperiumState): Result<true> {
  const units = unitsError(
    st.units,
    start.units,
    ['name', 'code', 'side', 'cls', 'fleet', 'hasDamagedSide', 'full', 'half'],
    (u, t, path) =>
      wholeError(u.fighters, `${path}.fighters`, 0, t.fighters) ??
      oneOfError(u.status, `${path}.status`, ['in', 'destroyed', 'gone', 'landed']),
  );
  if (units) return err(units);
  return firstError(
    oneOfError(st.combat, 'state.combat', [start.combat]),
    JSON.stringify(st.faction) === JSON.stringify(start.faction)
      ? null
      : "state.faction is not the forces' factions",
    oneOfError(st.initiative, 'state.initiative', [0, 1, null]),
    oneOfError(st.range, 'state.range', ['long', 'short']),
    st.at === null || typeof st.at === 'string' ? null : 'state.at must be text or null',
    endError(st.end, 'state.end', [
      'eliminated',
      'disengaged',
      'retreat',
      'mutual',
      'paused',
      'halted',
      'stalemate',
    ]),
    wholeError(st.round, 'state.round', 0, 1_000_000),
  );
}

/** Imperium, 3rd Millennium, old-style combat (shared/spec/imperium.md): space and ground. */
export const imperium: Ruleset<ImperiumOptions, ImperiumState, ImperiumEvent> = {
  id: 'imperium',
  version: '1.2.0',
  title: 'Imperium, 3rd Millennium, old-style combat (Cobb v1.3)',
  units: IMPERIUM_UNITS,
  orderKeys: ['rounds'],
  optionKeys: IMPERIUM_OPTION_KEYS,
  template: IMPERIUM_TEMPLATE,
  parseOptions: parseImperiumOptions,
  parseRoster: parseImperiumRoster,
  checkForces: checkImperiumForces,
  start: startImperium,
  play: playImperium,
  validateState: validateImperiumState,
  standing(st) {
    return standingFrom(st.end, st.round, leftOf(st));
  },
  describePosition: describeImperiumPosition,
  logColumns: IMPERIUM_COLUMNS,
  narrate: narrateImperium,
  forcesAfter: (event) => event.left,
  describeOptions: describeImperiumOptions,
};
