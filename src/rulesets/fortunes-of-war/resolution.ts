import { otherSide, Side, SIDES } from '../../forces';
import { Hex, log } from './context';
import { heroFame } from './formulas';

const segment = '4 resolution';

/**
 * Segment 4 of armies against armies: experience for both armies and their leaders, fame for a
 * unit destroyed. Then the leaders' turn (engine.ts), and the city and the empire.
 */
export function resolveArmies(h: Hex): void {
  const { st, o } = h;
  const { outcome, winner } = st.armies!;
  for (const side of SIDES) {
    const s = st.sides[side];
    const army = s.army!;
    const won = side === winner;
    if (army.status !== 'destroyed') {
      const gain = won ? o.victorExperience : o.loserExperience;
      army.experience += gain;
      const left = army.status === 'fighting' ? 'retreated' : army.status;
      log(h, {
        side,
        segment,
        unit: army.spec.name,
        detail: won ? 'victorious army' : `army ${left}`,
        result: `+${gain} experience (now ${army.experience})`,
      });
    }
    if (s.leader) {
      const gain = won ? o.leaderWinExperience : o.leaderLossExperience;
      s.leader.experience += gain;
      log(h, {
        side,
        segment,
        unit: s.leader.spec.name,
        detail: won ? 'leader of the victors' : 'leader of a battle not won',
        result: `+${gain} experience (now ${s.leader.experience})`,
      });
    }
  }
  for (const side of SIDES) {
    const foe = st.sides[otherSide(side)].army!;
    if (foe.status !== 'destroyed' || o.unitFame === 0) continue;
    st.sides[side].fame += o.unitFame;
    log(h, {
      side,
      segment,
      unit: st.sides[side].army!.spec.name,
      detail: `destroyed ${foe.spec.name}`,
      result: `+${o.unitFame} fame`,
    });
  }
  log(h, {
    side: winner ?? 'attacker',
    segment,
    unit: 'both',
    detail: `combat ends: ${outcome}`,
    result: winner ? `${st.sides[winner].army!.spec.name} holds the hex` : 'no victor',
  });
  st.phase = 'leaders';
}

/** Fame for a hero or legend killed, captured or drowned, to the other side. */
export function heroFameTo(h: Hex, loser: Side, segment: string): void {
  const l = h.st.sides[loser].leader!;
  if (l.spec.rank !== 'hero' && l.spec.rank !== 'legend') return;
  const fame = heroFame(l.experience, h.o);
  if (fame === 0) return;
  const winner = otherSide(loser);
  h.st.sides[winner].fame += fame;
  log(h, {
    side: winner,
    segment,
    unit: l.spec.name,
    detail: `${l.spec.rank} ${l.fate}: experience ${l.experience} / ${h.o.heroFameDivisor}`,
    result: `+${fame} fame`,
  });
}

/** The hex's last row: each side's fame and gold won or lost. */
export function logTotals(h: Hex): void {
  const { st } = h;
  const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);
  const sides = SIDES.map(
    (s) => `${s} fame ${signed(st.sides[s].fame)}, gold ${signed(st.sides[s].gold)}`,
  );
  const end = st.end!;
  log(h, {
    side: end.winner ?? 'attacker',
    segment,
    unit: 'both',
    detail: `the hex ends: ${end.outcome}`,
    result: sides.join('; '),
  });
}
