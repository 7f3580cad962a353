import { Ruleset, standingFrom } from '../../ruleset';
import { checkImperiumForces } from './check';
import { describeImperiumPosition, playImperium, startImperium } from './engine';
import { ImperiumEvent, leftOf } from './events';
import { IMPERIUM_COLUMNS } from './log';
import { narrateImperium } from './narrate';
import { describeImperiumOptions, ImperiumOptions, parseImperiumOptions } from './options';
import { parseImperiumRoster } from './roster';
import { ImperiumState } from './state';
import { IMPERIUM_UNITS } from './units';

export type { ImperiumEvent, FireEvent, InitiativeEvent } from './events';
export { eventDice } from './events';
export type { ImperiumOptions, Orders } from './options';
export type { ImperiumState } from './state';

/** Imperium, 3rd Millennium, old-style combat (shared/spec/imperium.md): space and ground. */
export const imperium: Ruleset<ImperiumOptions, ImperiumState, ImperiumEvent> = {
  id: 'imperium',
  version: '1.0.0',
  title: 'Imperium, 3rd Millennium, old-style combat (Cobb v1.3)',
  units: IMPERIUM_UNITS,
  orderKeys: ['rounds'],
  parseOptions: parseImperiumOptions,
  parseRoster: parseImperiumRoster,
  checkForces: checkImperiumForces,
  start: startImperium,
  play: playImperium,
  standing(st) {
    return standingFrom(st.end, st.round, leftOf(st));
  },
  describePosition: describeImperiumPosition,
  logColumns: IMPERIUM_COLUMNS,
  narrate: narrateImperium,
  forcesAfter: (event) => event.left,
  describeOptions: describeImperiumOptions,
};
