import { statSync } from 'node:fs';
import { parseArgs, ParseArgsConfig } from 'node:util';
import { fsErrorReason } from './fs-errors';
import { readTextFile, UsageError } from './io';
import { nearestName } from '../src/word-slips';

/** Flags shared by the commands that set up a battle (`battle`, `odds`). */

/**
 * Parses a command's options like `parseArgs` (strict), and refuses an option given twice
 * (`--seed a --seed b`, `--out x --out=y`): a second value must never silently replace the first.
 * Options declared `multiple` may repeat (`report --battle`). Every command parses with it.
 */
export function parseOptionsOnce<
  O extends NonNullable<ParseArgsConfig['options']>,
  P extends boolean = false,
>(args: string[], options: O, allowPositionals: P = false as P) {
  refuseSlips(args, options);
  const parsed = parseArgs({ args, options, strict: true, tokens: true, allowPositionals });
  const seen = new Set<string>();
  for (const t of parsed.tokens ?? []) {
    if (t.kind !== 'option' || options[t.name]?.multiple) continue;
    if (seen.has(t.name)) throw new UsageError(`--${t.name} is given more than once; give it once`);
    seen.add(t.name);
  }
  return parsed;
}

/**
 * An unknown long option that is a slip for one of the command's (`--atacker`, `--fortt`) is
 * refused with the one it likely meant; any other is left to parseArgs' own refusal.
 */
function refuseSlips(args: string[], options: NonNullable<ParseArgsConfig['options']>): void {
  const { tokens } = parseArgs({ args, options, strict: false, tokens: true });
  const nearest = nearestName(Object.keys(options));
  for (const t of tokens ?? []) {
    if (t.kind !== 'option' || !t.rawName.startsWith('--') || Object.hasOwn(options, t.name)) {
      continue;
    }
    const meant = nearest(t.name);
    if (meant !== null) {
      throw new UsageError(`unknown option ${t.rawName}: did you mean --${meant}?`);
    }
  }
}

/** The imperium ruleset's option flags. */
export const IMPERIUM_FLAGS = {
  combat: { type: 'string' },
  range: { type: 'string' },
  planet: { type: 'string' },
  units: { type: 'string' },
  'attacker-orders': { type: 'string' },
  'defender-orders': { type: 'string' },
} as const;

/** The imperium options from their flags; `--units` names a file of overrides, or is one. */
export function imperiumOptions(v: {
  combat?: string;
  range?: string;
  planet?: string;
  units?: string;
  'attacker-orders'?: string;
  'defender-orders'?: string;
}): Record<string, string | undefined> {
  return {
    combat: v.combat,
    range: v.range,
    planet: v.planet,
    units: v.units === undefined ? undefined : unitsText(v.units),
    attackerOrders: v['attacker-orders'],
    defenderOrders: v['defender-orders'],
  };
}

/** `--units`: the text of the file it names, or (no such file) the overrides themselves. */
function unitsText(arg: string): string {
  let stat;
  try {
    stat = statSync(arg);
  } catch {
    return arg;
  }
  if (stat.isDirectory()) {
    throw new UsageError(
      `--units ${arg}: it is a folder; give a file of unit overrides, or the overrides themselves`,
    );
  }
  if (!stat.isFile()) throw new UsageError(`--units ${arg}: not a file (a device or a pipe?)`);
  try {
    return readTextFile(arg);
  } catch (e) {
    throw new UsageError(`--units ${arg}: cannot read the file: ${fsErrorReason(e, arg)}`);
  }
}

/** The legion-battles ruleset's option flags: its readings, and the Clash limit. */
export const LEGION_FLAGS = {
  readings: { type: 'string' },
  clashes: { type: 'string' },
} as const;

export const legionOptions = (v: { readings?: string; clashes?: string }) => ({
  readings: v.readings,
  clashes: v.clashes,
});

/** The fortunes-of-war ruleset's own flags (its numbers go in `--readings`, shared above). */
export const FOW_FLAGS = {
  terrain: { type: 'string' },
  castes: { type: 'string' },
} as const;

export const fowOptions = (v: { terrain?: string; castes?: string }) => ({
  terrain: v.terrain,
  castes: v.castes,
});

/** The ruleset option flags, as `node:util` parseArgs options. */
export const RULE_OPTION_FLAGS = {
  rules: { type: 'string' },
  fort: { type: 'string' },
  'breach-by': { type: 'string' },
  sea: { type: 'boolean' },
  retreat: { type: 'string' },
  mode: { type: 'string' },
  ...IMPERIUM_FLAGS,
  ...LEGION_FLAGS,
  ...FOW_FLAGS,
} as const;

/** `--fort` alone means one wall hit point: give it its value before parsing. */
export function withFortValue(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    out.push(argv[i]);
    if (argv[i] === '--fort' && (i + 1 >= argv.length || argv[i + 1].startsWith('--')))
      out.push('1');
  }
  return out;
}
