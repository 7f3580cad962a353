import { LogColumn, Ruleset } from '../../ruleset';
import { describeFowPosition, playFow, standingOf } from './engine';
import { FowEvent } from './events';
import { checkFowForces } from './forces-check';
import { narrateFow } from './narrate';
import {
  describeFowOptions,
  FOW_NUMBERS,
  FOW_OPTION_KEYS,
  FowOptions,
  parseFowOptions,
} from './options';
import { parseFowRoster } from './roster';
import { formatFowRoster } from './roster-text';
import { validateFowState } from './saved-state';
import { FowState, startFow } from './state';
import { FOW_UNITS } from './units';
import { FOW_TEMPLATE } from './template';

export type { FowEvent } from './events';
export type { FowOptions } from './options';
export type { FowState } from './state';

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

export const fortunesOfWar: Ruleset<FowOptions, FowState, FowEvent> = {
  id: 'fortunes-of-war',
  version: '1.2.0',
  title: 'Fortunes of War (armies, leaders and empires in one hex)',
  units: FOW_UNITS,
  orderKeys: ['rounds'],
  optionKeys: FOW_OPTION_KEYS,
  template: FOW_TEMPLATE,
  parseOptions: parseFowOptions,
  parseRoster: parseFowRoster,
  formatRoster: formatFowRoster,
  readingKeys: Object.keys(FOW_NUMBERS),
  checkForces: checkFowForces,
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
