import { Forces, Side, SIDES } from '../../forces';
import { FowOptions } from './options';
import { ArmySpec, emptySide, FowLegion, LeaderSpec, SideSpec, Terrain } from './units';

export type ArmyStatus = 'fighting' | 'destroyed' | 'retreated' | 'routed';
export type LeaderFate = 'present' | 'escaped' | 'captured' | 'killed' | 'missing' | 'drowned';

export interface ArmyState {
  spec: ArmySpec;
  health: number;
  /** Experience now (the battle's gain is added in segment 4). */
  experience: number;
  status: ArmyStatus;
  berserk: boolean;
  /** The empire's fate for it after its ruler fell: rebels, joins the conqueror, or disbands. */
  fate: 'rebels' | 'joins' | 'disbands' | null;
}

export interface LeaderState {
  spec: LeaderSpec;
  wounds: number;
  experience: number;
  fate: LeaderFate;
}

export interface SideState {
  army: ArmyState | null;
  leader: LeaderState | null;
  spec: SideSpec;
  /** Fame won (or lost) in this battle, and gold gained (or lost). */
  fame: number;
  gold: number;
}

export type FowPhase = 'armies' | 'leaders' | 'duel' | 'aftermath' | 'done';

export type FowOutcome =
  | 'destroyed'
  | 'retreated'
  | 'routed'
  | 'mutual'
  | 'disengaged'
  | 'escaped'
  | 'captured'
  | 'killed'
  | 'missing'
  | 'drowned'
  | 'apart'
  | 'paused';

/** The whole battle, plain JSON: a paused battle resumes from it, between rounds. */
export interface FowState {
  /** Rounds begun: melee rounds, then exchanges of personal combat. */
  round: number;
  phase: FowPhase;
  terrain: Terrain;
  sides: Record<Side, SideState>;
  /** How the armies' combat ended, once it has. */
  armies: { outcome: FowOutcome; winner: Side | null } | null;
  /** How the whole hex ended, once it has. */
  end: { outcome: FowOutcome; winner: Side | null } | null;
  /** What was being rolled when the battle last stopped, for error messages. */
  at: string | null;
}

export const sideSpecOf = (forces: Forces, side: Side): SideSpec =>
  (forces[side][0] as FowLegion | undefined)?.fow ?? emptySide();

/** The hex's terrain: the option, else the defender's roster, else the attacker's, else clear. */
export function terrainOf(forces: Forces, options: FowOptions): Terrain {
  return (
    options.terrain ??
    sideSpecOf(forces, 'defender').terrain ??
    sideSpecOf(forces, 'attacker').terrain ??
    'clear'
  );
}

export function startFow(forces: Forces, options: FowOptions): FowState {
  const side = (s: Side): SideState => {
    // Shared with the forces, not copied: nothing in the battle changes a spec.
    const spec = sideSpecOf(forces, s);
    return {
      spec,
      army: spec.army
        ? {
            spec: spec.army,
            health: spec.army.health,
            experience: spec.army.experience,
            status: 'fighting',
            berserk: false,
            fate: null,
          }
        : null,
      leader: spec.leader
        ? { spec: spec.leader, wounds: 0, experience: spec.leader.experience, fate: 'present' }
        : null,
      fame: 0,
      gold: 0,
    };
  };
  const sides = { attacker: side('attacker'), defender: side('defender') };
  const bothArmies = SIDES.every((s) => sides[s].army !== null);
  return {
    round: 0,
    phase: bothArmies ? 'armies' : 'leaders',
    terrain: terrainOf(forces, options),
    sides,
    armies: null,
    end: null,
    at: null,
  };
}

/** An army still in the hex: not destroyed, not gone back a hex. */
export const armyHolds = (a: ArmyState | null): a is ArmyState => a?.status === 'fighting';

/** A leader still free and alive, wherever he went. */
export const leaderFree = (l: LeaderState | null): l is LeaderState =>
  l !== null && (l.fate === 'present' || l.fate === 'escaped');
