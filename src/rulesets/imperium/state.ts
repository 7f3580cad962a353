import { Side } from '../../forces';
import { Faction, Factors, UnitClass } from './units';

/** One unit in the battle: a ship, a fighter, a troop or a planetary defence. */
export interface Unit {
  /** `DD#1`: its type code and its number among the side's units of that type. */
  name: string;
  code: string;
  side: 0 | 1;
  cls: UnitClass;
  /** The fleet (roster legion) it came in: fleet markers count for initiative. */
  fleet: number;
  full: Factors;
  half: Factors;
  hasDamagedSide: boolean;
  fighters: number;
  damaged: boolean;
  /** in the battle; destroyed; gone (jumped out or carried away); landed on a friendly planet. */
  status: 'in' | 'destroyed' | 'gone' | 'landed';
}

export type Range = 'long' | 'short';

/** The whole state of an imperium battle, plain JSON. Pauses fall between rounds only. */
export interface ImperiumState {
  combat: 'space' | 'ground';
  faction: [Faction, Faction];
  units: Unit[];
  /** Rounds begun. */
  round: number;
  /** Which side had initiative last round (0 attacker, 1 defender), null before round 1. */
  initiative: 0 | 1 | null;
  range: Range;
  /** What was being rolled when the battle last stopped, for error messages. */
  at: string | null;
  end: { outcome: string; winner: Side | null } | null;
}

export const factorsOf = (u: Unit): Factors => (u.damaged ? u.half : u.full);
export const inBattle = (st: ImperiumState, side: 0 | 1): Unit[] =>
  st.units.filter((u) => u.side === side && u.status === 'in');
