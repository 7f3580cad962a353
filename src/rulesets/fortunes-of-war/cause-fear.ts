import { otherSide, SIDES } from '../../forces';
import { berserkCheck, disciplineCheck } from './checks';
import { Hex, log, roll } from './context';
import { armyName, damageOf, totalAttack, totalDefence } from './totals';

const segment = '1 Cause Fear';

/**
 * Segment 1, Cause Fear, the attacker's first: the opponent checks morale with the higher of
 * its morale and discipline; failing, it takes a free attack, the combat ends, and it checks
 * discipline for a rout. True when the combat ended.
 */
export function causeFear(h: Hex): boolean {
  const { st, o } = h;
  for (const side of SIDES) {
    const army = st.sides[side].army!;
    if (!army.spec.specials.includes('cause fear')) continue;
    const foeSide = otherSide(side);
    const foe = st.sides[foeSide].army!;
    const resist = Math.max(foe.spec.morale, foe.spec.discipline);
    const which = foe.spec.discipline > foe.spec.morale ? 'discipline' : 'morale';
    const check = roll(h, o.checkDie, `round 1, Cause Fear: ${foe.spec.name}'s morale check`);
    const margin = check.value - resist;
    log(h, {
      side: foeSide,
      segment,
      unit: foe.spec.name,
      draw: check,
      detail: `RND(${o.checkDie}) ${check.value} - ${which} ${resist} = ${margin}`,
      result: margin > 0 ? `fails: ${army.spec.name} gets a free attack` : 'passes',
    });
    if (margin <= 0) continue;
    const att = totalAttack(h, side, `round 1, Cause Fear: ${army.spec.name}'s free attack`);
    log(h, {
      side,
      segment,
      unit: army.spec.name,
      draw: att.draw,
      detail: `TOTAL_ATTACK: ${att.detail}`,
      result: 'free attack',
    });
    const def = totalDefence(h, foeSide, `round 1, Cause Fear: ${foe.spec.name} defends`);
    const hit = damageOf(h, foeSide, att, def);
    foe.health -= hit.damage;
    const destroyed = foe.health <= 0;
    foe.status = destroyed ? 'destroyed' : 'retreated';
    log(h, {
      side: foeSide,
      segment,
      unit: armyName(h, foeSide),
      draw: def.draw,
      detail: `TOTAL_DEFENSE: ${def.detail}`,
      result: hit.text + (destroyed ? ': destroyed' : ''),
    });
    if (destroyed) {
      st.armies = { outcome: 'destroyed', winner: side };
      return true;
    }
    const routed = disciplineCheck(h, foeSide, segment);
    st.armies = { outcome: routed ? 'routed' : 'retreated', winner: side };
    if (routed && foeSide === 'defender') berserkCheck(h, side, segment);
    return true;
  }
  return false;
}
