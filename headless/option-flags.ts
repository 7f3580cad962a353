import { optionFlagName } from '../src/option-flag';
import { RULESETS } from '../src/rulesets';
import { helpLines } from './ruleset-help';

/**
 * Flags made from the rulesets' options, so that a new ruleset's options need no edit in the
 * commands: an option that none of a command's own flags gives is a flag named after it
 * (`hitOn`: `--hit-on`), as a report's replay line writes it. Options a ruleset takes inside
 * `--readings` are not flags.
 */

export interface OptionFlag {
  /** The flag without its dashes: `hit-on`. */
  flag: string;
  /** The option it gives: `hitOn`. */
  key: string;
  /** The rulesets that have the option. */
  rules: string[];
  help?: string;
}

/** The rulesets' options that none of `taken` (a command's own flags) gives, by flag. */
export function optionFlags(taken: readonly string[]): OptionFlag[] {
  const flags = new Map<string, OptionFlag>();
  for (const r of RULESETS) {
    for (const key of r.optionKeys) {
      const flag = optionFlagName(key);
      if (taken.includes(flag) || r.readingKeys?.includes(key)) continue;
      const known = flags.get(flag);
      if (known) known.rules.push(r.id);
      else flags.set(flag, { flag, key, rules: [r.id], help: r.optionHelp?.[key] });
    }
  }
  return [...flags.values()];
}

/** The flags as `node:util` parseArgs options: each takes a value. */
export const optionFlagConfig = (flags: readonly OptionFlag[]) =>
  Object.fromEntries(flags.map((f) => [f.flag, { type: 'string' as const }]));

/** The options the flags gave, by option key. */
export function optionFlagValues(
  flags: readonly OptionFlag[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of flags) if (values[f.flag] !== undefined) out[f.key] = values[f.flag];
  return out;
}

/**
 * A flag given alone (`--open-field`, as a replay line writes an option that is true) means
 * "true": give it that value before parsing. Past a `--`, nothing is a flag.
 */
export function withBareFlagsTrue(argv: string[], flags: readonly OptionFlag[]): string[] {
  const bare = new Set(flags.map((f) => `--${f.flag}`));
  const end = argv.indexOf('--');
  const flagsEnd = end < 0 ? argv.length : end;
  return argv.flatMap((arg, i) =>
    i < flagsEnd && bare.has(arg) && (i + 1 >= flagsEnd || argv[i + 1].startsWith('--'))
      ? [arg, 'true']
      : [arg],
  );
}

/** Their lines in a command's help, each ending in a line break ('' for none). */
export function optionFlagHelp(flags: readonly OptionFlag[]): string {
  return flags
    .map((f) => {
      const lead = `  --${f.flag} VALUE`;
      const text = `${f.rules.join(', ')}: ${f.help ?? `its option ${f.key}`}`;
      if (lead.length < 23) return `${helpLines(lead.padEnd(24), text)}\n`;
      return `${lead}\n${helpLines(' '.repeat(24), text)}\n`;
    })
    .join('');
}
