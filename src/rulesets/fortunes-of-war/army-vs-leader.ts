import { otherSide, Side } from '../../forces';
import { Hex, log, roll } from './context';
import { Row } from './events';
import { leaderRoll, seaCaptureChance } from './formulas';
import { heroFameTo } from './resolution';

const segment = 'army vs leader';

/**
 * Armies against leaders: an unescorted leader (alone from the start, or whose army was
 * destroyed) in the hex of a hostile army. On land the seed's table; at sea capture or drowning.
 */
export function armyVsLeader(h: Hex, side: Side): void {
  if (h.st.terrain === 'sea') return atSea(h, side);
  const { st, o } = h;
  const leader = st.sides[side].leader!;
  const army = st.sides[otherSide(side)].army!;
  const { name, melee } = leader.spec;
  const draw = roll(h, 100, `the army vs leader roll of ${name}`);
  const total = leaderRoll(draw.value, melee, o);
  const detail = `RND(100) ${draw.value} - ${o.leaderRollStep} x (melee ${melee} - ${o.leaderRollPivot}) = ${total}`;
  const row = (result: string) => log(h, { side, segment, unit: name, draw, detail, result });
  const hero = leader.spec.rank === 'hero' || leader.spec.rank === 'legend';
  if (total < 11) {
    const damage = Math.floor(melee / 2);
    army.health -= damage;
    leader.fate = 'escaped';
    const destroyed = army.health <= 0;
    if (destroyed) army.status = 'destroyed';
    row(
      `< 11: escapes and deals ${damage} damage to ${army.spec.name}${destroyed ? ': destroyed' : ''}`,
    );
    if (destroyed && o.unitFame > 0) {
      st.sides[side].fame += o.unitFame;
      log(h, {
        side,
        segment,
        unit: name,
        detail: `destroyed ${army.spec.name}`,
        result: `+${o.unitFame} fame`,
      });
    }
  } else if (total <= 30) {
    leader.fate = 'escaped';
    row('11-30: escapes to an adjacent hex');
    const hex = roll(h, 6, `the hex ${name} escapes to`);
    log(h, {
      side,
      segment,
      unit: name,
      draw: hex,
      detail: 'which adjacent hex (1-6, clockwise from north)',
      result: `hex ${hex.value}`,
    });
  } else if (total <= 70) {
    const wounds = total <= 50 ? 1 : 2;
    const band = total <= 50 ? '31-50' : '51-70';
    const plural = wounds > 1 ? 's' : '';
    leader.wounds += wounds;
    if (leader.wounds < leader.spec.health) {
      leader.fate = 'escaped';
      return row(
        `${band}: escapes with ${wounds} wound${plural} (${leader.wounds}/${leader.spec.health})`,
      );
    }
    leader.fate = hero ? 'captured' : 'killed';
    const fate = hero ? 'captured instead of killed' : 'killed';
    row(`${band}: ${wounds} wound${plural}, ${leader.wounds}/${leader.spec.health}: ${fate}`);
    heroFameTo(h, side, segment);
  } else if (total <= 80) {
    leader.fate = hero ? 'missing' : 'killed';
    row(hero ? '71-80: missing (on the legend list)' : '71-80: missing: eliminated');
  } else {
    leader.fate = leader.spec.rank === 'captain' ? 'killed' : 'captured';
    row(leader.fate === 'killed' ? '81+: eliminated' : '81+: captured');
    heroFameTo(h, side, segment);
  }
}

/** At sea: captains drown, an unescorted leader is captured, a sunk ship's leader may be. */
function atSea(h: Hex, side: Side): void {
  const s = h.st.sides[side];
  const leader = s.leader!;
  const row = (r: Omit<Row, 'side' | 'segment' | 'unit'>) =>
    log(h, { side, segment, unit: leader.spec.name, ...r });
  if (leader.spec.rank === 'captain') {
    leader.fate = 'drowned';
    return row({ detail: 'a captain at sea', result: 'drowns' });
  }
  if (s.army === null) {
    leader.fate = 'captured';
    row({ detail: 'unescorted at sea', result: 'captured' });
    return heroFameTo(h, side, segment);
  }
  const chance = seaCaptureChance(leader.spec.melee, h.o);
  const draw = roll(h, 100, `the capture roll of ${leader.spec.name} at sea`);
  const captured = draw.value <= chance;
  leader.fate = captured ? 'captured' : 'drowned';
  row({
    draw,
    detail: `ship destroyed: captured on RND(100) <= ${h.o.seaCapturePerMelee} x melee ${leader.spec.melee} = ${chance}%`,
    result: captured ? 'captured' : 'drowns',
  });
  heroFameTo(h, side, segment);
}

/**
 * At sea, a leader whose ship went down when no enemy ship is left afloat (both sunk): no one
 * can take him, and the seed's leader of a sunk ship is captured or drowns, so he drowns.
 */
export function lostAtSea(h: Hex, side: Side): void {
  const leader = h.st.sides[side].leader!;
  leader.fate = 'drowned';
  log(h, {
    side,
    segment,
    unit: leader.spec.name,
    detail: 'ship destroyed, no enemy ship afloat to take him',
    result: 'drowns',
  });
  heroFameTo(h, side, segment);
}
