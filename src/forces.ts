/** Sides, legions and unit counts: the shape of every ruleset's forces. */

import { err, ok, Result } from './result';

export type Side = 'attacker' | 'defender';
export const SIDES: readonly Side[] = ['attacker', 'defender'];

export const otherSide = (side: Side): Side => (side === 'attacker' ? 'defender' : 'attacker');

/** Units by code, e.g. `{ CAT: 1, INF: 2 }`. */
export type UnitCounts = Record<string, number>;

export interface Legion {
  /** The leader's name, when the roster gives one. */
  leader?: string;
  units: UnitCounts;
  /** Where the legion came from, for error messages: `attacker legion 2 (Titus)`, `Legions!A5`. */
  where: string;
}

export interface Forces {
  attacker: Legion[];
  defender: Legion[];
}

/** What a report calls a legion's leader: the name, or `attacker's leader 2` when unnamed. */
export function leaderLabel(side: Side, legions: readonly Legion[], index: number): string {
  return legions[index].leader ?? `${side}'s leader ${index + 1}`;
}

export function sumUnits(legions: readonly Legion[]): UnitCounts {
  const total: UnitCounts = {};
  for (const legion of legions) {
    for (const [code, n] of Object.entries(legion.units)) total[code] = (total[code] ?? 0) + n;
  }
  return total;
}

/** `2 CAT 3 INF`, in the order of `codes`, leaving out zero counts; `none` when empty. */
export function formatCounts(counts: UnitCounts, codes: readonly string[]): string {
  // Every shot of a log shows both sides this way: a plain loop, no arrays.
  let text = '';
  for (const code of codes) {
    const n = counts[code] ?? 0;
    if (n > 0) text += text === '' ? `${n} ${code}` : ` ${n} ${code}`;
  }
  return text === '' ? 'none' : text;
}

/** A side as roster text, `Marcus: 1 CAT 2 INF; Titus: 3 INF`, which the roster parser reads back. */
export function formatRoster(legions: readonly Legion[], codes: readonly string[]): string {
  return legions
    .map((l) => {
      const units = formatCounts(l.units, codes);
      return l.leader ? `${l.leader}: ${units}` : units;
    })
    .join('; ');
}

/** Each side within `limit` units, every kind counted, else the error naming the side. */
export function sideSizeError(forces: Forces, limit: number): Result<true> {
  for (const side of SIDES) {
    let total = 0;
    for (const legion of forces[side]) {
      for (const n of Object.values(legion.units)) total += n;
      // Named at the legion that passes the limit; the total counts the whole side.
      if (total > limit) {
        const all = forces[side].reduce(
          (sum, l) => sum + Object.values(l.units).reduce((a, b) => a + b, 0),
          0,
        );
        return err(`${legion.where}: the ${side} has ${all} units; a side has at most ${limit}`);
      }
    }
  }
  return ok(true);
}
