import { otherSide, Side, SIDES } from '../../forces';
import { Hex, log, roll } from './context';
import { meetingChance } from './formulas';
import { heroFameTo } from './resolution';

const segment = 'leader vs leader';

/** Leaders against leaders: whether they meet, rolled once. */
export function leadersMeet(h: Hex): boolean {
  const [a, d] = SIDES.map((s) => h.st.sides[s].leader!.spec);
  const chance = meetingChance(a, d, h.o);
  const draw = roll(h, 100, `the meeting roll of ${a.name} and ${d.name}`);
  const meet = draw.value <= chance;
  log(h, {
    side: 'attacker',
    segment,
    unit: `${a.name} and ${d.name}`,
    draw,
    detail: `meet on RND(100) <= ${chance}% (stealth ${a.stealth}/${d.stealth}, melee ${a.melee}/${d.melee})`,
    result: meet ? 'they meet: personal combat to the death' : 'they do not meet',
  });
  return meet;
}

/** One exchange of personal combat, a round of its own: the lower attack level takes a wound. */
export function duelExchange(h: Hex): void {
  const { st, o } = h;
  st.round++;
  const level: Record<Side, number> = { attacker: 0, defender: 0 };
  for (const side of SIDES) {
    const l = st.sides[side].leader!;
    const draw = roll(h, o.duelDie, `round ${st.round}, personal combat: ${l.spec.name}'s attack`);
    level[side] = l.spec.melee + draw.value;
    log(h, {
      side,
      segment,
      unit: l.spec.name,
      draw,
      detail: `melee ${l.spec.melee} + RND(${o.duelDie}) ${draw.value} = ${level[side]}`,
      result: 'attack level',
    });
  }
  if (level.attacker === level.defender) {
    const detail = `${level.attacker} = ${level.defender}`;
    return log(h, { side: 'attacker', segment, unit: 'both', detail, result: 'a draw: no wound' });
  }
  const loser: Side = level.attacker < level.defender ? 'attacker' : 'defender';
  const l = st.sides[loser].leader!;
  l.wounds++;
  const dead = l.wounds >= l.spec.health;
  if (dead) l.fate = 'killed';
  log(h, {
    side: loser,
    segment,
    unit: l.spec.name,
    detail: `${level[loser]} < ${level[otherSide(loser)]}`,
    result: `a wound (${l.wounds}/${l.spec.health})${dead ? ': killed' : ''}`,
  });
  if (dead) heroFameTo(h, loser, segment);
}
