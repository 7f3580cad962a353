import { FORT_COLUMN, ROUNDS_COLUMN, TemplateColumn } from './template-columns';

/**
 * What `praetor template --rules RULESET` adds for a ruleset other than the default: the
 * Battles columns of its options, its own sheet (Fleets, Units, Armies) and an example battle
 * that adjudicates as it stands. The columns are those docs/workbook.md lists.
 */

export interface RulesetTemplate {
  /** The Battles columns of its options (none of another ruleset's), after Rules. */
  battleColumns: TemplateColumn[];
  /** The example battle's cells, by Battles header (the rest blank). */
  battle: Record<string, string | number>;
  /** The example's rows of the Legions sheet (which every workbook has, if only its header). */
  legions: (string | number)[][];
  /** The ruleset's own sheet, with the example battle's rows. */
  sheet?: { name: string; columns: TemplateColumn[]; rows: (string | number)[][] };
}

const side: TemplateColumn = {
  header: 'Side',
  width: 10,
  note: 'Attacker or Defender.',
  list: ['Attacker', 'Defender'],
};
const battle = (what: string): TemplateColumn => ({
  header: 'Battle',
  width: 10,
  note: `The id of the ${what} battle in Battles.`,
});
const player: TemplateColumn = { header: 'Player', width: 12, note: 'Who commands it (notes).' };
const yesNo = (header: string, width: number, note: string): TemplateColumn => ({
  header,
  width,
  note,
  list: ['yes', 'no'],
});
const readings = (doc: string): TemplateColumn => ({
  header: 'Readings',
  width: 28,
  note: `The ruleset's readings that differ from the defaults, key=value, separated by commas (${doc}).`,
});

const COTE_ONLINE: RulesetTemplate = {
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

const IMPERIUM: RulesetTemplate = {
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
      battle('imperium'),
      side,
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
      player,
    ],
    rows: [
      ['B1', 'Attacker', 'Terran', 'DD', 2, '', '', 'Ann'],
      ['B1', 'Defender', 'Imperial', 'CR', 1, '', '', 'Bob'],
    ],
  },
};

const LEGION_BATTLES: RulesetTemplate = {
  battleColumns: [ROUNDS_COLUMN, readings('docs/rules-legion-battles.md, e.g. clashes=8')],
  battle: { Rules: 'legion-battles' },
  legions: [],
  sheet: {
    name: 'Units',
    columns: [
      battle('legion-battles'),
      side,
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
      yesNo('Pila', 6, 'Pila in the first Clash (blank: a line of cohorts throws them).'),
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
      player,
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

const FORTUNES_OF_WAR: RulesetTemplate = {
  battleColumns: [
    ROUNDS_COLUMN,
    readings('docs/rules-fortunes-of-war.md, e.g. meleeRounds=8, cityDefence=3'),
    {
      header: 'Terrain',
      width: 10,
      note: "The hex's terrain (blank: the rosters', else clear).",
      list: ['clear', 'forest', 'mountain', 'sea', 'town', 'city', 'capital'],
    },
    {
      header: 'Castes',
      width: 24,
      note: 'Player elimination castes, e.g. capital 25/50, city 20/60.',
    },
  ],
  battle: { Rules: 'fortunes-of-war' },
  legions: [],
  sheet: {
    name: 'Armies',
    columns: [
      battle('fortunes-of-war'),
      side,
      {
        header: 'Army',
        width: 12,
        note: "The army's name (blank with no ratings: an unescorted leader).",
      },
      { header: 'Attack', width: 7, note: '0-99 (5).' },
      { header: 'Defence', width: 8, note: '0-99 (5).' },
      { header: 'Missile', width: 8, note: '0-99 (0: no missile fire).' },
      { header: 'Health', width: 7, note: 'Current health (10).' },
      { header: 'Morale', width: 7, note: '1-20 (10).' },
      { header: 'Discipline', width: 10, note: '1-20 (10).' },
      { header: 'Specials', width: 16, note: 'cause fear, forester, mountaineer, siege weapons.' },
      { header: 'Leader', width: 12, note: "The leader's name." },
      {
        header: 'Rank',
        width: 9,
        note: 'captain (default), hero, legend or ruler.',
        list: ['captain', 'hero', 'legend', 'ruler'],
      },
      { header: 'Leadership', width: 10, note: '0-20 (1).' },
      { header: 'Melee', width: 7, note: '0-20 (3).' },
      { header: 'Stealth', width: 8, note: '0-20 (1).' },
      { header: 'City', width: 10, note: 'The city the side holds in the hex.' },
      {
        header: 'City class',
        width: 10,
        note: 'town, city or capital.',
        list: ['town', 'city', 'capital'],
      },
      { header: 'Population', width: 11, note: "The city's people." },
      { header: 'Treasury', width: 9, note: "The player's gold (0)." },
      {
        header: 'Empire population',
        width: 12,
        note: "The player's whole population before the loss.",
      },
      player,
    ],
    rows: [
      [
        'B1',
        'Attacker',
        'Legio X',
        6,
        5,
        2,
        20,
        15,
        18,
        '',
        'Thorvald',
        'hero',
        2,
        4,
        2,
        '',
        '',
        '',
        '',
        '',
        'Ann',
      ],
      [
        'B1',
        'Defender',
        'Gauls',
        5,
        4,
        '',
        18,
        8,
        6,
        '',
        'Vercix',
        'ruler',
        '',
        3,
        3,
        'Alesia',
        'city',
        25000,
        800,
        100000,
        'Bob',
      ],
    ],
  },
};

export const RULESET_TEMPLATES: Record<string, RulesetTemplate> = {
  'cote-online': COTE_ONLINE,
  imperium: IMPERIUM,
  'legion-battles': LEGION_BATTLES,
  'fortunes-of-war': FORTUNES_OF_WAR,
};
