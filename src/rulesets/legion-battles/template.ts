import {
  battleColumn,
  PLAYER_COLUMN,
  readingsColumn,
  RulesetTemplate,
  SIDE_COLUMN,
  yesNoColumn,
} from '../../ruleset-template';
import { ROUNDS_COLUMN } from '../../template-columns';

/** What `praetor template --rules legion-battles` writes (see RulesetTemplate). */
export const LEGION_TEMPLATE: RulesetTemplate = {
  battleColumns: [ROUNDS_COLUMN, readingsColumn('docs/rules-legion-battles.md, e.g. clashes=8')],
  battle: { Rules: 'legion-battles' },
  legions: [],
  sheet: {
    name: 'Units',
    columns: [
      battleColumn('legion-battles'),
      SIDE_COLUMN,
      { header: 'Unit', width: 12, note: "The unit's name, in logs and Results." },
      {
        header: 'Quality',
        width: 18,
        note: 'veteran, trained or raw, and a noun: veteran century, trained screen.',
      },
      {
        header: 'Strength',
        width: 9,
        note: 'full (default), worn or half.',
        list: ['full', 'worn', 'half'],
      },
      { header: 'Discipline', width: 10, note: '0-6 (raw 2, others 3).' },
      yesNoColumn('Pila', 6, 'Pila in the first Clash (blank: a line of cohorts throws them).'),
      {
        header: 'Supply',
        width: 10,
        note: 'supplied (default), short or starving.',
        list: ['supplied', 'short', 'starving'],
      },
      {
        header: 'Works',
        width: 11,
        note: "none (default), finished, camp, low or unfinished: a defender's only.",
        list: ['none', 'finished', 'camp', 'low', 'unfinished'],
      },
      { header: 'Numbers', width: 9, note: '1, 2 or 4 against the enemy (type 4, not 4:1).' },
      { header: 'Arrows', width: 8, note: 'A screen: Clashes of arrows, or camels (4).' },
      { header: 'PC', width: 30, note: 'A player character: Septimius fight 3/2 resistance 4.' },
      PLAYER_COLUMN,
    ],
    rows: [
      ['B1', 'Attacker', 'Brennus', 'raw levy', '', 2, '', '', '', 4, '', '', 'Ann'],
      [
        'B1',
        'Defender',
        'Septimius',
        'veteran century',
        '',
        4,
        'yes',
        '',
        'finished',
        '',
        '',
        '',
        'Bob',
      ],
    ],
  },
};
