import { RulesetTemplate } from '../../ruleset-template';
import { FORT_COLUMN, ROUNDS_COLUMN } from '../../template-columns';

/** What `praetor template --rules cote-online` writes (see RulesetTemplate). */
export const ONLINE_TEMPLATE: RulesetTemplate = {
  battleColumns: [
    {
      ...FORT_COLUMN,
      note: 'yes: the defender holds a fortified city, whose Artillery fights for it (blank or no: none).',
      list: ['yes', 'no'],
    },
    ROUNDS_COLUMN,
    {
      header: 'Mode',
      width: 18,
      note: 'fight-to-the-death (default) or hit-and-run.',
      list: ['fight-to-the-death', 'hit-and-run'],
    },
  ],
  battle: { Rules: 'cote-online', Fort: 'no', Mode: 'hit-and-run' },
  legions: [
    ['B1', 'Attacker', 'Ann', 'Marcus', 4, 2, 1, ''],
    ['B1', 'Defender', 'Bob', 'Brutus', 5, 1, '', ''],
  ],
};
