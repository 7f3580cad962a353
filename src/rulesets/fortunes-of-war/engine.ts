import { Dice } from '../../dice';
import { otherSide, Side, SIDES } from '../../forces';
import { Standing, standingFrom } from '../../ruleset';
import { armyVsLeader, lostAtSea } from './army-vs-leader';
import { playArmyRound } from './army-round';
import { captureCity } from './capture';
import { duelExchange, leadersMeet } from './duel';
import { eliminate, rulerFell } from './elimination';
import { Hex } from './context';
import { countsOf, Emit } from './events';
import { FowOptions } from './options';
import { logTotals } from './resolution';
import { armyHolds, FowState } from './state';

/**
 * The hex's combats in the seed's order: armies against armies, then the leaders (personal
 * combat comes after army combat and before retreats are carried out), then the city and the
 * empire. Pauses fall between rounds: melee rounds and exchanges of personal combat.
 */
export function playFow(st: FowState, o: FowOptions, dice: Dice, emit: Emit): void {
  const h: Hex = { st, o, dice, emit };
  let played = 0;
  while (st.phase !== 'done') {
    if (st.phase === 'armies' || st.phase === 'duel') {
      if (o.rounds !== null && played >= o.rounds) return;
      played++;
      if (st.phase === 'armies') playArmyRound(h);
      else {
        duelExchange(h);
        if (SIDES.some((s) => st.sides[s].leader!.fate === 'killed')) st.phase = 'aftermath';
      }
    } else if (st.phase === 'leaders') leaders(h);
    else aftermath(h);
    st.at = null;
  }
}

/** A leader in the hex with no army of his own left in it. */
const unescorted = (st: FowState, side: Side) => {
  const s = st.sides[side];
  return s.leader?.fate === 'present' && (s.army === null || s.army.status === 'destroyed');
};
const escorted = (st: FowState, side: Side) => {
  const s = st.sides[side];
  return s.leader?.fate === 'present' && s.army !== null && s.army.status !== 'destroyed';
};

/** At sea, a leader whose ship went down with the enemy's: no ship of either side is afloat. */
const shipLost = (st: FowState, side: Side) =>
  unescorted(st, side) &&
  st.sides[side].army !== null &&
  !armyHolds(st.sides[otherSide(side)].army);

function leaders(h: Hex): void {
  const { st } = h;
  st.phase = 'aftermath';
  if (st.terrain === 'sea') {
    for (const side of SIDES) if (shipLost(st, side)) lostAtSea(h, side);
  }
  const both = (f: (st: FowState, s: Side) => boolean) => SIDES.every((s) => f(st, s));
  if (both(unescorted) || both(escorted)) {
    if (leadersMeet(h)) st.phase = 'duel';
    return;
  }
  for (const side of SIDES) {
    if (unescorted(st, side) && armyHolds(st.sides[otherSide(side)].army)) {
      armyVsLeader(h, side);
    }
  }
}

function aftermath(h: Hex): void {
  const { st } = h;
  captureCity(h);
  for (const side of SIDES) if (rulerFell(st, side)) eliminate(h, side);
  st.end = endOf(st);
  st.phase = 'done';
  logTotals(h);
}

/** How the hex ended: the armies' combat when there was one, else the leaders'. */
function endOf(st: FowState): NonNullable<FowState['end']> {
  if (st.armies) return st.armies;
  const fates = SIDES.map((s) => st.sides[s].leader?.fate ?? null);
  const armySide = SIDES.find((s) => st.sides[s].army !== null);
  if (armySide !== undefined) {
    const leaderSide = otherSide(armySide);
    const fate = st.sides[leaderSide].leader?.fate ?? 'present';
    const winner = armyHolds(st.sides[armySide].army) ? armySide : leaderSide;
    return { outcome: fate === 'present' ? 'apart' : fate, winner };
  }
  const killed = SIDES.find((_, i) => fates[i] === 'killed');
  if (killed !== undefined) return { outcome: 'killed', winner: otherSide(killed) };
  return { outcome: 'apart', winner: null };
}

export function standingOf(st: FowState): Standing {
  const { attacker, defender } = st.sides;
  return standingFrom(
    st.end,
    st.round,
    { attacker: countsOf(attacker), defender: countsOf(defender) },
    {
      attacker: attacker.leader?.fate === 'captured',
      defender: defender.leader?.fate === 'captured',
    },
  );
}

export function describeFowPosition(st: FowState): string {
  return (
    st.at ??
    (st.phase === 'duel' ? `round ${st.round + 1}, personal combat` : `round ${st.round + 1}`)
  );
}
