import { UnitCounts } from '../../forces';
import { BattleEvent } from '../../ruleset';
import { ImperiumState, Range } from './state';

/** Both sides' surviving units (in the battle or out of it) right after an event. */
export type ImperiumLeft = { attacker: UnitCounts; defender: UnitCounts };

/** A side's initiative roll: die + slowest speed + fewer units + last initiative - markers. */
export interface InitiativeRoll {
  die: number;
  speed: number;
  fewer: number;
  last: number;
  markers: number;
  total: number;
}

/** Who has the initiative this round; `side` is the holder. Round 1 rolls nothing. */
export interface InitiativeEvent extends BattleEvent {
  kind: 'initiative';
  rolls: { attacker: InitiativeRoll; defender: InitiativeRoll } | null;
  tie: boolean;
  left: ImperiumLeft;
}

/** The range this round, and who set it (`side`, the initiative holder). */
export interface RangeEvent extends BattleEvent {
  kind: 'range';
  from: Range | null;
  to: Range | 'disengage';
  /** `round 1`, `tie` (may not change), `orders`, `ground` (always short). */
  why: 'round 1' | 'tie' | 'orders' | 'ground';
  left: ImperiumLeft;
}

/** `side` disengages: fighters loaded or landed, jump-capable ships out, the rest stay. */
export interface DisengageEvent extends BattleEvent {
  kind: 'disengage';
  jumped: string[];
  loaded: string[];
  landed: string[];
  stayed: string[];
  left: ImperiumLeft;
}

/** The matched groups of the round; `side` is the initiative holder. */
export interface AllocationEvent extends BattleEvent {
  kind: 'allocation';
  /** Each group: its units, in the order they were allocated. */
  groups: string[][];
  reserve: string[];
  left: ImperiumLeft;
}

/** One die group: a unit's beams or torpedoes at one target, and the target's countermeasures. */
export interface FireEvent extends BattleEvent {
  kind: 'fire';
  step: 'beam' | 'torpedo';
  unit: string;
  target: string;
  /** Part 1 or 2 of a capital ship's split fire, else absent. */
  part?: 1 | 2;
  dice: number[];
  hits: number;
  /** Torpedoes: the target's countermeasure dice and the hits they cancel. */
  cmDice: number[];
  cancelled: number;
  /** The screen the hits were compared with. */
  screen: number;
  result: 'no effect' | 'damaged' | 'destroyed';
  left: ImperiumLeft;
}

/** Ground combat: the activation's three rounds are over with both sides still fighting. */
export interface HaltEvent extends BattleEvent {
  kind: 'halt';
  left: ImperiumLeft;
}

export type ImperiumEvent =
  InitiativeEvent | RangeEvent | DisengageEvent | AllocationEvent | FireEvent | HaltEvent;

/** Every die an event shows, in the order drawn. */
export function eventDice(e: ImperiumEvent): number[] {
  if (e.kind === 'initiative') return e.rolls ? [e.rolls.attacker.die, e.rolls.defender.die] : [];
  if (e.kind === 'fire') return [...e.dice, ...e.cmDice];
  return [];
}

/** Survivors of each side by code (`DD`, `DD*` damaged); codes with none are left out. */
export function leftOf(st: ImperiumState): ImperiumLeft {
  const counts = (side: 0 | 1) => {
    const c: UnitCounts = {};
    for (const u of st.units) {
      if (u.side !== side || u.status === 'destroyed') continue;
      const code = u.damaged ? `${u.code}*` : u.code;
      c[code] = (c[code] ?? 0) + 1;
    }
    return c;
  };
  return { attacker: counts(0), defender: counts(1) };
}
