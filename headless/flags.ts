import { existsSync, readFileSync } from 'node:fs';

/** Flags shared by the commands that set up a battle (`battle`, `odds`). */

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
  const data = v.units;
  return {
    combat: v.combat,
    range: v.range,
    planet: v.planet,
    units: data !== undefined && existsSync(data) ? readFileSync(data, 'utf8') : data,
    attackerOrders: v['attacker-orders'],
    defenderOrders: v['defender-orders'],
  };
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
