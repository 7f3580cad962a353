import { otherSide, Side, SIDES } from '../../forces';
import { causeFear } from './cause-fear';
import { morale } from './checks';
import { Hex, log } from './context';
import { resolveArmies } from './resolution';
import {
  armyName,
  damageOf,
  missileAttack,
  missileDefence,
  specialBonus,
  terrainDefence,
  totalAttack,
  totalDefence,
  Total,
} from './totals';
import { isCity } from './units';

/**
 * Armies against armies, one round: segment 1 (first round: specials), 2A (first round:
 * missiles), 2B (melee), 3 (morale); the combat's end goes to segment 4 (resolution.ts).
 * Draws are made in a fixed order, attacker first (docs/rules-fortunes-of-war.md).
 */
export function playArmyRound(h: Hex): void {
  const { st, o } = h;
  st.round++;
  if (st.round === 1) {
    logTerrain(h);
    if (causeFear(h) || missiles(h)) return resolveArmies(h);
  }
  if (melee(h) || morale(h)) return resolveArmies(h);
  if (st.round >= o.meleeRounds) {
    for (const side of SIDES) st.sides[side].army!.status = 'retreated';
    st.armies = { outcome: 'disengaged', winner: null };
    log(h, {
      side: 'attacker',
      segment: '2B melee',
      unit: 'both',
      detail: `${o.meleeRounds} rounds fought`,
      result: 'both units retreat',
    });
    resolveArmies(h);
  }
}

/** Segment 1's modifiers, one row a side that has any. */
function logTerrain(h: Hex): void {
  const { st, o } = h;
  for (const side of SIDES) {
    const notes = specialBonus(st, side, o).map(([k, n]) => `${k} +${n} attack`);
    const city = terrainDefence(st, side, o);
    if (city !== 0) notes.push(`${st.terrain} +${city} defence`);
    else if (side === 'defender' && isCity(st.terrain)) {
      notes.push(`${st.terrain} bonus ignored: siege weapons`);
    }
    if (notes.length === 0) continue;
    log(h, {
      side,
      segment: '1 specials',
      unit: armyName(h, side),
      detail: `terrain ${st.terrain}`,
      result: notes.join(', '),
    });
  }
}

/** Segment 2A: each unit with missiles fires, attacker first, applied at once. */
function missiles(h: Hex): boolean {
  const firing = SIDES.filter((side) => h.st.sides[side].army!.spec.missile > 0);
  if (firing.length === 0) return false;
  const damage: Record<Side, number> = { attacker: 0, defender: 0 };
  for (const side of firing) {
    const foe = otherSide(side);
    damage[foe] = exchange(h, '2A missiles', side, {
      attack: missileAttack(h, side, `round 1, missiles: ${armyName(h, side)} fires`),
      defence: missileDefence(h, foe, `round 1, missiles: ${armyName(h, foe)}'s defence`),
      attackLabel: 'fire',
      defenceLabel: 'defence',
      attackResult: 'fires',
    });
  }
  return applyDamage(h, damage, '2A missiles');
}

/** Segment 2B: each side's TOTAL_ATTACK against the other's TOTAL_DEFENSE, applied at once. */
function melee(h: Hex): boolean {
  const damage: Record<Side, number> = { attacker: 0, defender: 0 };
  const round = `round ${h.st.round}, melee`;
  for (const side of SIDES) {
    const foe = otherSide(side);
    damage[foe] = exchange(h, '2B melee', side, {
      attack: totalAttack(h, side, `${round}: ${armyName(h, side)} attacks`),
      defence: totalDefence(h, foe, `${round}: ${armyName(h, foe)} defends`),
      attackLabel: 'TOTAL_ATTACK',
      defenceLabel: 'TOTAL_DEFENSE',
      attackResult: 'attacks',
    });
  }
  return applyDamage(h, damage, '2B melee');
}

/**
 * One side's attack against the other's defence, each drawn in that order (the attack's draw
 * is made before the defence's) and logged: the damage the other side takes.
 */
function exchange(
  h: Hex,
  segment: string,
  side: Side,
  x: {
    attack: Total;
    defence: Total;
    attackLabel: string;
    defenceLabel: string;
    attackResult: string;
  },
): number {
  const foe = otherSide(side);
  log(h, {
    side,
    segment,
    unit: armyName(h, side),
    draw: x.attack.draw,
    detail: `${x.attackLabel}: ${x.attack.detail}`,
    result: x.attackResult,
  });
  const hit = damageOf(h, foe, x.attack, x.defence);
  log(h, {
    side: foe,
    segment,
    unit: armyName(h, foe),
    draw: x.defence.draw,
    detail: `${x.defenceLabel}: ${x.defence.detail}`,
    result: hit.text,
  });
  return hit.damage;
}

/** Both sides' damage at once; true when a unit is destroyed (the combat goes to segment 4). */
function applyDamage(h: Hex, damage: Record<Side, number>, segment: string): boolean {
  const { st } = h;
  for (const side of SIDES) st.sides[side].army!.health -= damage[side];
  const dead = SIDES.filter((s) => st.sides[s].army!.health <= 0);
  for (const side of dead) st.sides[side].army!.status = 'destroyed';
  log(h, {
    side: 'attacker',
    segment,
    unit: 'both',
    detail: `damage applied: ${SIDES.map((s) => `${armyName(h, s)} -${damage[s]}`).join(', ')}`,
    result: dead.map((s) => `${armyName(h, s)} destroyed`).join(', ') || 'both stand',
  });
  if (dead.length === 2) st.armies = { outcome: 'mutual', winner: null };
  else if (dead.length === 1) st.armies = { outcome: 'destroyed', winner: otherSide(dead[0]) };
  return dead.length > 0;
}
