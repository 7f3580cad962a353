import { jumpCapable } from './speed';
import { ImperiumState, inBattle } from './state';

export interface Disengagement {
  jumped: string[];
  loaded: string[];
  landed: string[];
  stayed: string[];
}

/**
 * `side` disengages: its fighters board its carriers (and Terran BBs) that can jump, up to their
 * capacity, in roster order; the rest land on a friendly planet when it has one in the system;
 * then every ship that can jump leaves. Monitors and fighters left over stay in the battle.
 */
export function disengage(st: ImperiumState, side: 0 | 1, hasPlanet: boolean): Disengagement {
  const own = inBattle(st, side);
  let room = own.filter(jumpCapable).reduce((a, u) => a + u.fighters, 0);
  const out: Disengagement = { jumped: [], loaded: [], landed: [], stayed: [] };
  for (const u of own) {
    if (u.cls === 'fighter' && room > 0) {
      room--;
      u.status = 'gone';
      out.loaded.push(u.name);
    } else if (u.cls === 'fighter' && hasPlanet) {
      u.status = 'landed';
      out.landed.push(u.name);
    } else if (jumpCapable(u)) {
      u.status = 'gone';
      out.jumped.push(u.name);
    } else out.stayed.push(u.name);
  }
  return out;
}
