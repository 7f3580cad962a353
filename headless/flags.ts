/** Flags shared by the commands that set up a battle (`battle`, `odds`). */

/** The ruleset option flags, as `node:util` parseArgs options. */
export const RULE_OPTION_FLAGS = {
  rules: { type: 'string' },
  fort: { type: 'string' },
  'breach-by': { type: 'string' },
  sea: { type: 'boolean' },
  retreat: { type: 'string' },
  mode: { type: 'string' },
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
