import { SIDES } from '../../forces';
import { err, Result } from '../../result';
import { endError, firstError, oneOfError, wholeError } from '../../saved-checks';
import { shownValue } from '../../shown-text';
import { ArmyState, FowState, LeaderState, SideState } from './state';

/**
 * A saved battle's state, read back from a file anyone may have edited (its shape is checked
 * already against a fresh start of the same forces). A battle pauses only between melee rounds
 * (phase `armies`) or exchanges of personal combat (phase `duel`), so a saved state is in one of
 * those, its sides as play leaves them there: else the field at fault.
 */

const ARMY_OUTCOMES = ['destroyed', 'retreated', 'routed', 'mutual', 'disengaged'];

/** The most experience, fame or lost health a battle could come to: far beyond any real one. */
const MAX = 1_000_000;

const sameSpec = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A field that cannot yet have changed where the battle paused. */
const unchanged = (value: unknown, path: string, want: unknown, why: string) =>
  value === want ? null : `${path} is ${shownValue(value)}, expected ${shownValue(want)} (${why})`;

const FIGHTING = 'the armies are still fighting';

function armyError(a: ArmyState, phase: FowState['phase'], path: string): string | null {
  const health = (lo: number, hi: number) => wholeError(a.health, `${path}.health`, lo, hi);
  const where =
    phase === 'armies'
      ? (unchanged(a.status, `${path}.status`, 'fighting', FIGHTING) ??
        unchanged(a.berserk, `${path}.berserk`, false, FIGHTING) ??
        health(1, a.spec.maxHealth))
      : (oneOfError(a.status, `${path}.status`, ['fighting', 'destroyed', 'retreated', 'routed']) ??
        (a.status === 'destroyed' ? health(-MAX, 0) : health(1, a.spec.maxHealth)));
  return (
    where ??
    wholeError(a.experience, `${path}.experience`, a.spec.experience, MAX) ??
    unchanged(a.fate, `${path}.fate`, null, 'its ruler falls only after the last pause')
  );
}

function leaderError(l: LeaderState, phase: FowState['phase'], path: string): string | null {
  return (
    unchanged(l.fate, `${path}.fate`, 'present', 'a leader fights on until the hex is settled') ??
    (phase === 'armies'
      ? unchanged(l.wounds, `${path}.wounds`, 0, FIGHTING)
      : wholeError(l.wounds, `${path}.wounds`, 0, l.spec.health - 1)) ??
    wholeError(l.experience, `${path}.experience`, l.spec.experience, MAX)
  );
}

function sideError(s: SideState, t: SideState, phase: FowState['phase'], path: string) {
  for (const key of ['army', 'leader'] as const) {
    if ((s[key] === null) !== (t[key] === null)) {
      return `${path}.${key} is ${s[key] === null ? 'missing' : 'not in the forces'}`;
    }
    if (s[key] !== null && !sameSpec(s[key]!.spec, t[key]!.spec)) {
      return `${path}.${key}.spec is not the forces'`;
    }
  }
  if (!sameSpec(s.spec, t.spec)) return `${path}.spec is not the forces'`;
  return (
    (s.army && armyError(s.army, phase, `${path}.army`)) ??
    (s.leader && leaderError(s.leader, phase, `${path}.leader`)) ??
    (phase === 'armies'
      ? unchanged(s.fame, `${path}.fame`, 0, FIGHTING)
      : wholeError(s.fame, `${path}.fame`, -MAX, MAX)) ??
    unchanged(s.gold, `${path}.gold`, 0, 'gold moves when a city falls, after the last pause')
  );
}

export function validateFowState(st: FowState, start: FowState): Result<true> {
  const phase = oneOfError(
    st.phase,
    'state.phase',
    start.phase === 'armies' ? ['armies', 'duel'] : ['duel'],
  );
  if (phase) return err(phase);
  for (const side of SIDES) {
    const e = sideError(st.sides[side], start.sides[side], st.phase, `state.sides.${side}`);
    if (e) return err(e);
  }
  const fought = start.phase === 'armies' && st.phase === 'duel';
  return firstError(
    // A battle pauses after a round: round 0 would fight the first round's specials again.
    wholeError(st.round, 'state.round', 1, MAX),
    oneOfError(st.terrain, 'state.terrain', [start.terrain]),
    fought
      ? st.armies === null
        ? 'state.armies is null, expected how the armies fought (the leaders duel after it)'
        : endError(st.armies, 'state.armies', ARMY_OUTCOMES)
      : unchanged(st.armies, 'state.armies', null, FIGHTING),
    unchanged(st.end, 'state.end', null, 'a saved battle is paused'),
    st.at === null || typeof st.at === 'string' ? null : 'state.at must be text or null',
  );
}
