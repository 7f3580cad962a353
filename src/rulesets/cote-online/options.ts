import { RawOptions } from '../../ruleset';
import { err, ok, Result } from '../../result';

export type OnlineMode = 'fight-to-the-death' | 'hit-and-run';

/** The online ruleset's options, normalised; recorded as they are in every log. */
export interface OnlineOptions {
  /** The game's battle option: rounds until a side is destroyed, or one round then retreat. */
  mode: OnlineMode;
  /** The defender is in a fortified city: one extra Artillery, not part of any legion. */
  fort: boolean;
  /** Pause after this many rounds (counted from the start or the resume), or null. */
  rounds: number | null;
}

export const ONLINE_DEFAULTS: OnlineOptions = {
  mode: 'fight-to-the-death',
  fort: false,
  rounds: null,
};

const KEYS = Object.keys(ONLINE_DEFAULTS);

const blank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const word = (v: unknown) => String(v).trim().toLowerCase();

function parseMode(v: unknown): Result<OnlineMode> {
  if (blank(v)) return ok('fight-to-the-death');
  const w = word(v).replace(/[\s_-]+/g, '');
  if (w === 'fighttothedeath') return ok('fight-to-the-death');
  if (w === 'hitandrun') return ok('hit-and-run');
  return err(`mode is "${String(v)}": expected "fight-to-the-death" or "hit-and-run"`);
}

function parseFort(v: unknown): Result<boolean> {
  if (blank(v)) return ok(false);
  if (typeof v === 'boolean') return ok(v);
  const w = word(v);
  if (['yes', 'y', 'true', '1', 'fortified'].includes(w)) return ok(true);
  if (['no', 'n', 'false', '0', 'none'].includes(w)) return ok(false);
  return err(
    `fort is "${String(v)}": expected yes or no (a fortified city gives the defender one extra Artillery)`,
  );
}

function parseRounds(v: unknown): Result<number | null> {
  if (blank(v)) return ok(null);
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  if (!Number.isInteger(n) || n < 1) {
    return err(`rounds is "${String(v)}": expected a whole number of rounds, 1 or more`);
  }
  return ok(n);
}

/** `sea: no` says what every cote-online battle is: a workbook's shared Sea column may say it. */
const saysLand = (k: string, v: unknown) =>
  k === 'sea' && (v === false || ['no', 'n', 'false', '0', 'land'].includes(word(v)));

/** Checks the options; a key given as `undefined` counts as not given (as in cote-pbem). */
export function parseOnlineOptions(raw: RawOptions): Result<OnlineOptions> {
  if (raw.sea !== undefined && !blank(raw.sea) && !saysLand('sea', raw.sea)) {
    return err('cote-online has no sea battles: galleys are transports and never fight');
  }
  const unknown = Object.keys(raw).filter(
    (k) => !KEYS.includes(k) && !blank(raw[k]) && !saysLand(k, raw[k]),
  );
  if (unknown.length > 0) {
    return err(
      `unknown option ${unknown.map((k) => `"${k}"`).join(', ')} for cote-online (known: ${KEYS.join(', ')})`,
    );
  }
  const mode = parseMode(raw.mode);
  if (!mode.ok) return mode;
  const fort = parseFort(raw.fort);
  if (!fort.ok) return fort;
  const rounds = parseRounds(raw.rounds);
  if (!rounds.ok) return rounds;
  return ok({ mode: mode.value, fort: fort.value, rounds: rounds.value });
}

export function describeOnlineOptions(o: OnlineOptions): string[] {
  const lines: string[] = [];
  if (o.mode === 'hit-and-run') {
    lines.push(
      'Hit and Run: one round; an attacker that has not destroyed every defender retreats.',
    );
  }
  if (o.fort) lines.push('Fortified city: the defender has one extra Artillery.');
  if (o.rounds !== null) lines.push(`Pause after ${o.rounds} round${o.rounds === 1 ? '' : 's'}.`);
  if (lines.length === 0) lines.push('Fight to the Death, no fortified city.');
  return lines;
}
