import { Dice } from '../../dice';
import { Forces, Side, SIDES } from '../../forces';
import { Standing, standingFrom } from '../../ruleset';
import { Chance, diceChance } from './chance';
import { playClash } from './clash';
import { countsOf, LegionEvent } from './events';
import { LegionOptions } from './options';
import { SUPPLY_DISCIPLINE } from './pools';
import { unitOf } from './roster';
import { fighting, LegionState } from './state';
import { QUALITY_CODE, RatedLegion } from './units';

export function startLegion(forces: Forces): LegionState {
  const units = SIDES.flatMap((side) =>
    (forces[side] as RatedLegion[]).map((legion, i) => {
      const spec = structuredClone(unitOf(legion, `${side} ${i + 1}`));
      return {
        side,
        name: spec.name,
        code: QUALITY_CODE[spec.quality],
        spec,
        strength: spec.strength,
        discipline: Math.max(0, spec.discipline - SUPPLY_DISCIPLINE[spec.supply]),
        relieved: false,
        broken: false,
        withdrawn: false,
        arrows: spec.screen ? spec.arrows : null,
        closed: false,
        pendingBoons: 0,
        wounds: spec.pcs.map(() => 0),
      };
    }),
  );
  return { round: 0, units, at: null, end: null };
}

/** The battle's end, if it has come: a side with no unit left fighting, or the Clash limit. */
export function settle(st: LegionState, options: LegionOptions): void {
  if (st.end) return;
  const out = (side: Side) => st.units.filter((u) => u.side === side).every((u) => !fighting(u));
  const broke = (side: Side) => st.units.some((u) => u.side === side && u.broken);
  const [a, d] = [out('attacker'), out('defender')];
  if (a && d) st.end = { outcome: 'mutual', winner: null };
  else if (a)
    st.end = broke('attacker')
      ? { outcome: 'broken', winner: 'defender' }
      : { outcome: 'withdrawn', winner: null };
  else if (d)
    st.end = broke('defender')
      ? { outcome: 'broken', winner: 'attacker' }
      : { outcome: 'withdrawn', winner: null };
  else if (st.round >= options.clashes) st.end = { outcome: 'standing', winner: null };
}

/** One Clash and its end check, with any source of results: the dice or the exact odds. */
export function step(
  st: LegionState,
  options: LegionOptions,
  chance: Chance,
  emit: (e: LegionEvent) => void,
) {
  playClash(st, options, chance, emit);
  st.at = null;
  settle(st, options);
}

export function playLegion(
  st: LegionState,
  options: LegionOptions,
  dice: Dice,
  emit: (e: LegionEvent) => void,
) {
  const chance = diceChance(dice);
  settle(st, options);
  let played = 0;
  while (!st.end) {
    if (options.rounds !== null && played >= options.rounds) return;
    step(st, options, chance, emit);
    played++;
  }
}

export function standingOf(st: LegionState): Standing {
  const survivors = { attacker: countsOf(st, 'attacker'), defender: countsOf(st, 'defender') };
  return standingFrom(st.end, st.round, survivors);
}

export function describeLegionPosition(st: LegionState): string {
  return st.at ?? `Clash ${st.round + 1}`;
}
