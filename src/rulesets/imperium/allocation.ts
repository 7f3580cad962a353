import { strength } from './chances';
import { Orders } from './options';
import { rankTargets } from './targets';
import { factorsOf, ImperiumState, inBattle, Unit } from './state';

export interface Allocation {
  /** Matched groups, each its units in the order allocated. */
  groups: Unit[][];
  /** Every allocated unit, in the order allocated (the order of fire within a side). */
  order: Unit[];
  reserve: Unit[];
}

/** A side's units in the order its `allocation` orders place them; ties in roster order. */
function placing(units: Unit[], policy: Orders['allocation']): Unit[] {
  if (policy === 'roster') return units;
  const sign = policy === 'strongest' ? 1 : -1;
  return units
    .map((u, i) => ({ u, i }))
    .sort(
      (a, b) =>
        sign * (strength(b.u) - strength(a.u)) ||
        sign * (factorsOf(b.u).screen - factorsOf(a.u).screen) ||
        a.i - b.i,
    )
    .map((x) => x.u);
}

/** The factor a unit would fire with at this range: beams at short range if it has any, else torpedoes. */
function threat(u: Unit, short: boolean): { dice: number; torpedo: boolean } {
  const f = factorsOf(u);
  return short && f.beam > 0
    ? { dice: f.beam, torpedo: false }
    : { dice: f.torpedo, torpedo: true };
}

/**
 * The side without initiative places a unit, the holder matches one against it, and so on until
 * one side runs out; the other side's remaining units then join the group of the enemy unit its
 * `target` orders pick (or wait in reserve with `reserves=all`).
 */
export function allocate(st: ImperiumState, holder: 0 | 1, orders: [Orders, Orders]): Allocation {
  const other = holder === 0 ? 1 : 0;
  const placed = placing(inBattle(st, other), orders[other].allocation);
  const matched = placing(inBattle(st, holder), orders[holder].allocation);
  const pairs = Math.min(placed.length, matched.length);
  const groups: Unit[][] = [];
  const order: Unit[] = [];
  for (let i = 0; i < pairs; i++) {
    groups.push([placed[i], matched[i]]);
    order.push(placed[i], matched[i]);
  }
  const extraSide = placed.length > pairs ? other : holder;
  const extras = (placed.length > pairs ? placed : matched).slice(pairs);
  const reserve: Unit[] = [];
  const anchors = groups.map((g) => g.find((u) => u.side !== extraSide)!);
  for (const u of extras) {
    if (orders[extraSide].reserves === 'all') {
      reserve.push(u);
      continue;
    }
    const { dice, torpedo } = threat(u, st.range === 'short');
    const pick = rankTargets(dice, anchors, torpedo, orders[extraSide].target)[0];
    groups[anchors.indexOf(pick)].push(u);
    order.push(u);
  }
  return { groups, order, reserve };
}
