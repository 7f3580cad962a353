import { battleColumn, PLAYER_COLUMN, RulesetTemplate, SIDE_COLUMN } from '../../ruleset-template';
import { ROUNDS_COLUMN } from '../../template-columns';

/** What `praetor template --rules imperium` writes (see RulesetTemplate). */
export const IMPERIUM_TEMPLATE: RulesetTemplate = {
  battleColumns: [
    ROUNDS_COLUMN,
    { header: 'Combat', width: 9, note: 'space (default) or ground.', list: ['space', 'ground'] },
    {
      header: 'Range',
      width: 8,
      note: "The first round's range: long (default) or short.",
      list: ['long', 'short'],
    },
    {
      header: 'Planet',
      width: 10,
      note: 'Who has a friendly planet in the system: none (default), attacker, defender or both.',
      list: ['none', 'attacker', 'defender', 'both'],
    },
    { header: 'Units', width: 16, note: 'Unit table overrides (docs/rules-imperium.md).' },
    {
      header: 'Attacker orders',
      width: 22,
      note: 'Standing orders, e.g. range=close, split=auto.',
    },
    { header: 'Defender orders', width: 22, note: 'Standing orders, e.g. range=hold.' },
  ],
  battle: { Rules: 'imperium', Range: 'short' },
  legions: [],
  sheet: {
    name: 'Fleets',
    columns: [
      battleColumn('imperium'),
      SIDE_COLUMN,
      {
        header: 'Faction',
        width: 10,
        note: 'Terran or Imperial; one a side.',
        list: ['Terran', 'Imperial'],
      },
      { header: 'Type', width: 8, note: 'A type code: BB, CA, CR, DD, F, PD, RT 4-2, ...' },
      { header: 'Count', width: 7, note: 'A whole number, 0 or more.' },
      { header: 'Damaged', width: 9, note: 'no, yes (all), or how many of the count.' },
      {
        header: 'Fleet marker',
        width: 12,
        note: 'Rows of one battle, side and marker are one fleet.',
      },
      PLAYER_COLUMN,
    ],
    rows: [
      ['B1', 'Attacker', 'Terran', 'DD', 2, '', '', 'Ann'],
      ['B1', 'Defender', 'Imperial', 'CR', 1, '', '', 'Bob'],
    ],
  },
};
