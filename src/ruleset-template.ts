import { TemplateColumn } from './template-columns';

/**
 * What `praetor template --rules ID` writes for a ruleset other than the default, as plain data
 * that the ruleset's module carries (`Ruleset.template`): the Battles columns of its options, its
 * own sheet (Fleets, Units, Armies) and an example battle that adjudicates as it stands. The
 * columns are those docs/workbook.md lists.
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

/** Columns that the rulesets' own sheets share. */
export const SIDE_COLUMN: TemplateColumn = {
  header: 'Side',
  width: 10,
  note: 'Attacker or Defender.',
  list: ['Attacker', 'Defender'],
};
export const battleColumn = (what: string): TemplateColumn => ({
  header: 'Battle',
  width: 10,
  note: `The id of the ${what} battle in Battles.`,
});
export const PLAYER_COLUMN: TemplateColumn = {
  header: 'Player',
  width: 12,
  note: 'Who commands it (notes).',
};
export const yesNoColumn = (header: string, width: number, note: string): TemplateColumn => ({
  header,
  width,
  note,
  list: ['yes', 'no'],
});
export const readingsColumn = (doc: string): TemplateColumn => ({
  header: 'Readings',
  width: 28,
  note: `The ruleset's readings that differ from the defaults, key=value, separated by commas (${doc}).`,
});
