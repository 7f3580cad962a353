/** A column of a template sheet: its header, width, the note on its header and its drop-down list. */
export interface TemplateColumn {
  header: string;
  width: number;
  note: string;
  /** The words of a drop-down list. */
  list?: string[];
  /**
   * Formatted as Text, so that Excel keeps what is typed: `3,4` stays dice where a comma is the
   * decimal mark, and `3-4` stays a seed rather than a date. Only where a formula is unlikely:
   * Excel keeps a formula typed in a Text cell as its text.
   */
  text?: boolean;
}

/** The option columns of Conquest of the Empire's PBEM rules (the default ruleset). */
export const SEA_COLUMN: TemplateColumn = {
  header: 'Sea',
  width: 7,
  note: 'yes for a sea battle (every legion needs a galley).',
  list: ['yes', 'no'],
};
export const FORT_COLUMN: TemplateColumn = {
  header: 'Fort',
  width: 7,
  note: 'The defender is in a fortified city: 1 or 2 wall hit points (yes = 1; blank, 0 or no = none).',
  list: ['0', '1', '2', 'yes', 'no'],
};
export const BREACH_BY_COLUMN: TemplateColumn = {
  header: 'Breach by',
  width: 11,
  note: 'Which attacker hits breach the walls: any (default) or catapult only.',
  list: ['any', 'catapult'],
};
export const RETREAT_COLUMN: TemplateColumn = {
  header: 'Retreat',
  width: 28,
  note:
    'The attacker retreats when this holds, e.g. lost.CAT >= 1 and units <= 3. ' +
    'New orders after a pause go after the old: lost >= 3; units <= 4 from round 2.',
};
/** Every ruleset's: a battle paused after a number of rounds. */
export const ROUNDS_COLUMN: TemplateColumn = {
  header: 'Rounds',
  width: 8,
  note: 'Pause after this many rounds (counted from round 1) and await orders.',
};
