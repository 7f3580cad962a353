import { AnyRuleset, RawOptions } from '../src/ruleset';
import { err, ok, Result } from '../src/result';
import { PaneInput, rawOptions } from './input';

/**
 * Which Options fields the pane shows for a ruleset, and the options it sends: a field of its
 * own for each option key the form has a box for, and `More options` (`key=value; ...`) for the
 * ruleset's other keys. A field the ruleset does not take is hidden and never sent.
 */

/** The form's own option boxes, by element id, with the option key each gives. */
export const OPTION_FIELDS = {
  fort: 'fort',
  'breach-by': 'breachBy',
  sea: 'sea',
  retreat: 'retreat',
  mode: 'mode',
  rounds: 'rounds',
} as const;

export type OptionField = keyof typeof OPTION_FIELDS;

/** The boxes' labels, as an error names them. */
export const FIELD_LABELS: Record<OptionField | 'more', string> = {
  fort: 'Fortification',
  'breach-by': 'Breach by',
  sea: 'Sea battle',
  retreat: 'Retreat condition',
  mode: 'Mode',
  rounds: 'Pause after rounds',
  more: 'More options',
};

export interface Choice {
  value: string;
  label: string;
}

/** Fortification's choices: wall hit points, or (cote-online) a fortified city, yes or no. */
const FORT_CHOICES: Record<string, readonly Choice[]> = {
  'cote-online': [
    { value: '', label: 'No' },
    { value: 'yes', label: 'Fortified city (one extra Artillery)' },
  ],
};
const WALL_POINTS: readonly Choice[] = [
  { value: '', label: 'None' },
  { value: '1', label: '1 wall hit point' },
  { value: '2', label: '2 wall hit points' },
];

export interface RulesetFields {
  /** The boxes shown, in the form's order. */
  fields: OptionField[];
  /** The ruleset's other option keys, given in More options (none: the box is hidden). */
  more: string[];
  fortChoices: readonly Choice[];
}

export function rulesetFields(ruleset: AnyRuleset): RulesetFields {
  const keys = ruleset.optionKeys;
  const fields = (Object.keys(OPTION_FIELDS) as OptionField[]).filter((f) =>
    keys.includes(OPTION_FIELDS[f]),
  );
  const boxed: readonly string[] = Object.values(OPTION_FIELDS);
  return {
    fields,
    more: keys.filter((k) => !boxed.includes(k)),
    fortChoices: FORT_CHOICES[ruleset.id] ?? WALL_POINTS,
  };
}

/**
 * The options to send for the ruleset: its own boxes' values (blank ones left out), then the
 * pairs of More options. An error names the field and the part of it at fault.
 */
export function paneOptions(input: PaneInput, ruleset: AnyRuleset): Result<RawOptions> {
  const { fields, more } = rulesetFields(ruleset);
  const given = rawOptions(input);
  const sent: RawOptions = {};
  for (const field of fields) {
    const key = OPTION_FIELDS[field];
    if (given[key] !== undefined) sent[key] = given[key];
  }
  // Hidden where the ruleset has no other options: then not sent either.
  const extra = parseMoreOptions(more.length > 0 ? (input.options.more ?? '') : '', ruleset);
  if (!extra.ok) return extra;
  return ok({ ...sent, ...extra.value });
}

/**
 * More options: `key=value; key=value` (or one pair a line), each key one of the ruleset's keys
 * that has no box of its own, in any case, given once.
 */
export function parseMoreOptions(text: string, ruleset: AnyRuleset): Result<RawOptions> {
  const { fields, more } = rulesetFields(ruleset);
  const out: RawOptions = {};
  const label = FIELD_LABELS.more;
  for (const part of text.split(/[;\n]/)) {
    const item = part.trim();
    if (item === '') continue;
    const eq = item.indexOf('=');
    if (eq < 0) {
      return err(`${label}: “${item}” is not key=value (such as ${more[0] ?? 'key'}=…)`);
    }
    const name = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    const key = more.find((k) => k.toLowerCase() === name.toLowerCase());
    if (key === undefined) {
      const own = fields.find((f) => OPTION_FIELDS[f].toLowerCase() === name.toLowerCase());
      if (own !== undefined) {
        return err(`${label}: “${name}” has a field of its own: use ${FIELD_LABELS[own]}`);
      }
      const others = more.length > 0 ? `its others: ${more.join(', ')}` : 'it has no others';
      return err(`${label}: “${name}” is not an option of ${ruleset.id} (${others})`);
    }
    if (value === '') return err(`${label}: “${item}” gives ${key} no value`);
    if (out[key] !== undefined) return err(`${label}: ${key} is given twice`);
    out[key] = value;
  }
  return ok(out);
}
