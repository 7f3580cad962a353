import { Dice } from '../../dice';
import { SIDES } from '../../forces';
import { InitiativeRoll } from './events';
import { tacticalSpeed } from './speed';
import { ImperiumState, inBattle } from './state';

export interface Initiative {
  holder: 0 | 1;
  tie: boolean;
  rolls: { attacker: InitiativeRoll; defender: InitiativeRoll } | null;
}

/**
 * Round 1: the activating player (the attacker). Later: each side, the attacker first, rolls d6
 * + the speed of its slowest unit in the battle, +1 with fewer units in the battle, +1 for last
 * round's initiative, and in round 2 only (space) -1 per fleet marker past the first. A tie goes
 * to the side without initiative last round (which may not change the range).
 */
export function rollInitiative(st: ImperiumState, dice: Dice): Initiative {
  if (st.round === 1 || st.initiative === null) return { holder: 0, tie: false, rolls: null };
  const counts = [inBattle(st, 0).length, inBattle(st, 1).length];
  const roll = (s: 0 | 1): InitiativeRoll => {
    let die: number;
    try {
      die = dice.d6();
    } catch (e) {
      st.at = `when the ${SIDES[s]} was to roll for initiative`;
      throw e;
    }
    const speed = Math.min(...inBattle(st, s).map((u) => tacticalSpeed(u, st.combat)));
    const fewer = counts[s] < counts[1 - s] ? 1 : 0;
    const last = st.initiative === s ? 1 : 0;
    // Fleet markers still in the battle: a fleet whose every ship is gone has no marker left.
    const fleets = new Set(inBattle(st, s).map((u) => u.fleet)).size;
    const markers = st.combat === 'space' && st.round === 2 && fleets > 1 ? 1 - fleets : 0;
    return { die, speed, fewer, last, markers, total: die + speed + fewer + last + markers };
  };
  const attacker = roll(0);
  const defender = roll(1);
  const rolls = { attacker, defender };
  if (attacker.total === defender.total) {
    return { holder: st.initiative === 0 ? 1 : 0, tie: true, rolls };
  }
  return { holder: attacker.total > defender.total ? 0 : 1, tie: false, rolls };
}
