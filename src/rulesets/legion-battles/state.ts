import { Side } from '../../forces';
import { UnitSpec } from './units';

/** One unit in the battle, plain JSON. */
export interface UnitState {
  side: Side;
  name: string;
  code: string;
  spec: UnitSpec;
  /** Steps lost: 0 Full, 1 Worn, 2 Half, 3 Shattered. */
  strength: number;
  discipline: number;
  relieved: boolean;
  broken: boolean;
  /** A screen out of arrows that rode away. */
  withdrawn: boolean;
  /** Clashes of arrows left to a screen, or null with a camel train. */
  arrows: number | null;
  /** A screen out of arrows that closed to fight (`outOfArrows=close`): it fights as any unit. */
  closed: boolean;
  /** Boon dice from player characters for the next Clash. */
  pendingBoons: number;
  /** Wounds of each player character, in the order of `spec.pcs`. */
  wounds: number[];
}

export type LegionOutcome = 'broken' | 'withdrawn' | 'standing' | 'mutual' | 'paused';

/** The whole battle, plain JSON: a paused battle resumes from it. Pauses fall between Clashes. */
export interface LegionState {
  /** Clashes begun. */
  round: number;
  units: UnitState[];
  /** What was being rolled when the battle last stopped, for error messages. */
  at: string | null;
  end: { outcome: LegionOutcome; winner: Side | null } | null;
}

export const fighting = (u: UnitState) => !u.broken && !u.withdrawn;

/** A screen still shooting its arrows: it rides off unharmed from a lost Clash. */
export const shooting = (u: UnitState) => u.spec.screen && !u.closed;
