import {
  isBlankValue,
  optionWord,
  pauseRounds,
  shownOption,
  unknownOptionsError,
  yesNo,
} from '../../option-values';
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

/** The options' names, as a battle object (`--input`) and the Battles sheet give them. */
export const ONLINE_OPTION_KEYS = Object.keys(ONLINE_DEFAULTS);

function parseMode(v: unknown): Result<OnlineMode> {
  if (isBlankValue(v)) return ok('fight-to-the-death');
  const w = optionWord(v).replace(/[\s_-]+/g, '');
  if (w === 'fighttothedeath') return ok('fight-to-the-death');
  if (w === 'hitandrun') return ok('hit-and-run');
  return err(`mode is ${shownOption(v)}: expected "fight-to-the-death" or "hit-and-run"`);
}

const parseFort = (v: unknown): Result<boolean> =>
  yesNo(v, 'fort', {
    yes: ['fortified'],
    no: ['none'],
    hint: 'a fortified city gives the defender one extra Artillery',
  });

/** `sea: no` says what every cote-online battle is: a workbook's shared Sea column may say it. */
const saysLand = (k: string, v: unknown) =>
  k === 'sea' && (v === false || ['no', 'n', 'false', '0', 'land'].includes(optionWord(v)));

/** Checks the options; a key given as `undefined` counts as not given (as in cote-pbem). */
export function parseOnlineOptions(raw: RawOptions): Result<OnlineOptions> {
  if (raw.sea !== undefined && !isBlankValue(raw.sea) && !saysLand('sea', raw.sea)) {
    return err('cote-online has no sea battles: galleys are transports and never fight');
  }
  const unknown = unknownOptionsError(
    raw,
    ONLINE_OPTION_KEYS,
    (k, v) => isBlankValue(v) || saysLand(k, v),
    'cote-online',
  );
  if (unknown !== null) return err(unknown);
  const mode = parseMode(raw.mode);
  if (!mode.ok) return mode;
  const fort = parseFort(raw.fort);
  if (!fort.ok) return fort;
  const rounds = pauseRounds(raw.rounds);
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
