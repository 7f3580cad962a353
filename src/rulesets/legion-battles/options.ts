import {
  isBlankValue,
  optionText,
  optionWord,
  ownOptions,
  pauseRounds,
  shownOption,
  unknownOptionsError,
  wholeOption,
  yesNo,
} from '../../option-values';
import { oneLine } from '../../shown-text';
import { RawOptions } from '../../ruleset';
import { err, ok, Result } from '../../result';

/** The readings of the rules, every one an option (docs/rules-legion-battles.md). */
export interface LegionOptions {
  /** The battle stops undecided after this many Clashes (the seed's "still standing after 12"). */
  clashes: number;
  /** A unit at Discipline 0 breaks. */
  breakAtZero: boolean;
  /** A unit at this Discipline or less adds 1 Bane die to its Clash. */
  shakenAt: number;
  /** Boon dice of a second attacker on one defender: from the flank, or for numbers (2:1). */
  flankBoons: number;
  numbersBoons: number;
  /** A screen out of arrows withdraws (the battle ends undecided) or closes and fights on. */
  outOfArrows: 'withdraw' | 'close';
  /** Boon dice a unit may take from player characters in one Clash. */
  pcBoonCap: number;
  /**
   * What infantry beaten by a screen lose ("the infantry lose steps normally"): `normal`, a
   * step and, beaten by 3 or more, 1 Discipline; `steps`, the step only.
   */
  screenHits: 'normal' | 'steps';
  /** A unit in a line of cohorts not rated `pila` or `no pila` throws pila in the first Clash. */
  legionPila: boolean;
  /** Pause after this many Clashes (from the start or the resume), or null. */
  rounds: number | null;
}

export const LEGION_DEFAULTS: LegionOptions = {
  clashes: 12,
  breakAtZero: true,
  shakenAt: 1,
  flankBoons: 1,
  numbersBoons: 1,
  outOfArrows: 'withdraw',
  pcBoonCap: 2,
  screenHits: 'normal',
  legionPila: true,
  rounds: null,
};

/** The options' names, as a battle object (`--input`) and the Battles sheet give them. */
export const LEGION_OPTION_KEYS = Object.keys(LEGION_DEFAULTS);

const whole = wholeOption;

/** `readings`: one text of `key=value` pairs (the CLI's `--readings`), merged under the fields. */
function withReadings(raw: RawOptions): Result<RawOptions> {
  const text = raw.readings;
  // Own fields only: a reading named `constructor` is an unknown option, not Object's member.
  const out = ownOptions(raw);
  delete out.readings;
  if (isBlankValue(text)) return ok(out);
  const readings = optionText(text, 'readings', 'shakenAt=1, outOfArrows=withdraw');
  if (!readings.ok) return readings;
  for (const pair of readings.value.split(/[,;]/)) {
    if (pair.trim() === '') continue;
    const m = /^\s*([A-Za-z]+)\s*[=:]\s*(.+?)\s*$/.exec(pair);
    if (!m) return err(`readings: "${oneLine(pair.trim())}" is not key=value`);
    if (out[m[1]] === undefined) out[m[1]] = m[2];
  }
  return ok(out);
}

export function parseLegionOptions(input: RawOptions): Result<LegionOptions> {
  const merged = withReadings(input);
  if (!merged.ok) return merged;
  const raw = merged.value;
  const unknown = unknownOptionsError(
    raw,
    LEGION_OPTION_KEYS,
    (_, v) => isBlankValue(v),
    'legion-battles',
  );
  if (unknown !== null) return err(unknown);
  const d = LEGION_DEFAULTS;
  const clashes = whole(raw.clashes, 'clashes', 1, 1000, d.clashes);
  if (!clashes.ok) return clashes;
  const breakAtZero = isBlankValue(raw.breakAtZero)
    ? ok(d.breakAtZero)
    : yesNo(raw.breakAtZero, 'breakAtZero');
  if (!breakAtZero.ok) return breakAtZero;
  const shakenAt = whole(raw.shakenAt, 'shakenAt', -1, 6, d.shakenAt);
  if (!shakenAt.ok) return shakenAt;
  const flankBoons = whole(raw.flankBoons, 'flankBoons', 0, 4, d.flankBoons);
  if (!flankBoons.ok) return flankBoons;
  const numbersBoons = whole(raw.numbersBoons, 'numbersBoons', 0, 4, d.numbersBoons);
  if (!numbersBoons.ok) return numbersBoons;
  const pcBoonCap = whole(raw.pcBoonCap, 'pcBoonCap', 0, 4, d.pcBoonCap);
  if (!pcBoonCap.ok) return pcBoonCap;
  let outOfArrows = d.outOfArrows;
  if (!isBlankValue(raw.outOfArrows)) {
    const w = optionWord(raw.outOfArrows);
    if (w !== 'withdraw' && w !== 'close') {
      return err(`outOfArrows is ${shownOption(raw.outOfArrows)}: expected withdraw or close`);
    }
    outOfArrows = w;
  }
  let screenHits = d.screenHits;
  if (!isBlankValue(raw.screenHits)) {
    const w = optionWord(raw.screenHits);
    if (w !== 'normal' && w !== 'steps') {
      return err(`screenHits is ${shownOption(raw.screenHits)}: expected normal or steps`);
    }
    screenHits = w;
  }
  const legionPila = isBlankValue(raw.legionPila)
    ? ok(d.legionPila)
    : yesNo(raw.legionPila, 'legionPila');
  if (!legionPila.ok) return legionPila;
  const rounds = pauseRounds(raw.rounds);
  if (!rounds.ok) return rounds;
  return ok({
    clashes: clashes.value,
    breakAtZero: breakAtZero.value,
    shakenAt: shakenAt.value,
    flankBoons: flankBoons.value,
    numbersBoons: numbersBoons.value,
    outOfArrows,
    pcBoonCap: pcBoonCap.value,
    screenHits,
    legionPila: legionPila.value,
    rounds: rounds.value,
  });
}

export function describeLegionOptions(o: LegionOptions): string[] {
  const d = LEGION_DEFAULTS;
  const lines: string[] = [];
  if (o.clashes !== d.clashes) lines.push(`The battle stops undecided after ${o.clashes} Clashes.`);
  if (!o.breakAtZero) lines.push('A unit at Discipline 0 does not break.');
  if (o.shakenAt !== d.shakenAt)
    lines.push(`A unit at Discipline ${o.shakenAt} or less adds 1 Bane die.`);
  if (o.flankBoons !== d.flankBoons) lines.push(`A flank attack gives ${o.flankBoons} Boon dice.`);
  if (o.numbersBoons !== d.numbersBoons)
    lines.push(`A second attacker gives ${o.numbersBoons} Boon dice for numbers.`);
  if (o.outOfArrows !== d.outOfArrows) lines.push('A screen out of arrows closes and fights on.');
  if (o.pcBoonCap !== d.pcBoonCap)
    lines.push(`Player characters give at most ${o.pcBoonCap} Boon dice a Clash.`);
  if (o.screenHits !== d.screenHits)
    lines.push('Infantry beaten by a screen lose the step only, never Discipline.');
  if (!o.legionPila) lines.push('A unit throws pila only when rated `pila`.');
  if (o.rounds !== null) lines.push(`Pause after ${o.rounds} Clash${o.rounds === 1 ? '' : 'es'}.`);
  if (lines.length === 0) lines.push('The readings of record (docs/rules-legion-battles.md).');
  return lines;
}
