import { otherSide, Side } from '../../forces';
import { cityDefence } from './formulas';
import { FowNumbers } from './options';
import { Hex, roll } from './context';
import { Draw } from './rnd';
import { FowState } from './state';
import { isCity } from './units';

/**
 * TOTAL_ATTACK and TOTAL_DEFENSE of segment 2B (also Cause Fear's free attack), and the
 * missile exchange of 2A: each a draw and the sum it makes, written out for the log.
 */
export interface Total {
  total: number;
  draw: Draw;
  detail: string;
}

const expBonus = (experience: number, o: FowNumbers) =>
  Math.floor(Math.max(0, experience) / o.experienceDivisor);

/** Attack + RND + leadership + specials' terrain bonus + experience bonus. */
export function totalAttack(h: Hex, side: Side, what: string): Total {
  const { st, o } = h;
  const s = st.sides[side];
  const army = s.army!;
  const draw = roll(h, o.combatDie, what);
  const parts: [string, number][] = [
    ['attack', army.spec.attack],
    [`RND(${o.combatDie})`, draw.value],
  ];
  if (s.leader && s.leader.fate === 'present') parts.push(['leadership', s.leader.spec.leadership]);
  parts.push(...specialBonus(st, side, o));
  const exp = expBonus(army.experience, o);
  if (exp !== 0) parts.push(['experience', exp]);
  return sum(parts, draw);
}

/** Forester in forest, Mountaineer on mountains. */
export function specialBonus(st: FowState, side: Side, o: FowNumbers): [string, number][] {
  const specials = st.sides[side].army!.spec.specials;
  const out: [string, number][] = [];
  if (st.terrain === 'forest' && specials.includes('forester'))
    out.push(['forester', o.forestBonus]);
  if (st.terrain === 'mountain' && specials.includes('mountaineer'))
    out.push(['mountaineer', o.mountainBonus]);
  return out;
}

/** The defender's city bonus, unless its opponent has Siege Weapons. */
export function terrainDefence(st: FowState, side: Side, o: FowNumbers): number {
  if (side !== 'defender' || !isCity(st.terrain)) return 0;
  const foe = st.sides[otherSide(side)].army;
  if (foe?.spec.specials.includes('siege weapons')) return 0;
  return cityDefence(st.terrain, o);
}

/** Defence + RND + terrain bonus + experience bonus. */
export function totalDefence(h: Hex, side: Side, what: string): Total {
  const { st, o } = h;
  const army = st.sides[side].army!;
  const draw = roll(h, o.combatDie, what);
  const parts: [string, number][] = [
    ['defence', army.spec.defence],
    [`RND(${o.combatDie})`, draw.value],
  ];
  const terrain = terrainDefence(st, side, o);
  if (terrain !== 0) parts.push([st.terrain, terrain]);
  const exp = expBonus(army.experience, o);
  if (exp !== 0) parts.push(['experience', exp]);
  return sum(parts, draw);
}

/** Missile + RND: the fire of segment 2A (no leadership, no terrain). */
export function missileAttack(h: Hex, side: Side, what: string): Total {
  const draw = roll(h, h.o.combatDie, what);
  return sum(
    [
      ['missile', h.st.sides[side].army!.spec.missile],
      [`RND(${h.o.combatDie})`, draw.value],
    ],
    draw,
  );
}

/** Defence + RND against missiles (no terrain: the seed's missile rule names none). */
export function missileDefence(h: Hex, side: Side, what: string): Total {
  const draw = roll(h, h.o.combatDie, what);
  return sum(
    [
      ['defence', h.st.sides[side].army!.spec.defence],
      [`RND(${h.o.combatDie})`, draw.value],
    ],
    draw,
  );
}

function sum(parts: [string, number][], draw: Draw): Total {
  const total = parts.reduce((a, [, n]) => a + n, 0);
  const detail = `${parts.map(([k, n]) => `${k} ${n}`).join(' + ')} = ${total}`;
  return { total, draw, detail };
}

export const armyName = (h: Hex, side: Side): string => h.st.sides[side].army!.spec.name;

/** The damage of an attack total against a defence total: the difference, none if negative. */
export function damageOf(h: Hex, target: Side, att: Total, def: Total) {
  const damage = Math.max(0, att.total - def.total);
  const text = `${att.total} - ${def.total}: ${damage} damage to ${armyName(h, target)}`;
  return { damage, text };
}
