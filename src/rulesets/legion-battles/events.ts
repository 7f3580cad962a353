import { Side, UnitCounts } from '../../forces';
import { BattleEvent } from '../../ruleset';
import { fighting, LegionState } from './state';
import { STEPS, stepsLeft } from './units';

export type LegionEventKind =
  'test' | 'action' | 'clash' | 'loss' | 'hit' | 'break' | 'fallback' | 'arrows';

/** What a log row says; `snapshot` adds where both sides stand after it. */
export interface LegionEventBody {
  kind: LegionEventKind;
  unit: string;
  /** The check rolled, e.g. `Discipline test`, `Septimius: Fight`, `Clash against levy`. */
  check: string;
  pool: string;
  /** Faces rolled: `M3 M12 B2` (Mastery face 3, ...), the two sides of a Clash split by `|`. */
  faces: string;
  /** Net Successes/net Boons, or a Clash's `3:1`. */
  net: string | number;
  result: string;
  effect: string;
}

export interface LegionEvent extends BattleEvent, LegionEventBody {
  /** Each side's units: `Septimius Worn D4; levy broken`. */
  status: Record<Side, string>;
  /** Strength steps left by Quality code (Full 3 ... broken 0). */
  left: Record<Side, UnitCounts>;
}

export function countsOf(st: LegionState, side: Side): UnitCounts {
  const c: UnitCounts = {};
  for (const u of st.units) {
    if (u.side !== side) continue;
    c[u.code] = (c[u.code] ?? 0) + (fighting(u) ? stepsLeft(u.strength) : 0);
  }
  return c;
}

function statusOf(st: LegionState, side: Side): string {
  return st.units
    .filter((u) => u.side === side)
    .map((u) =>
      u.broken
        ? `${u.name} broken`
        : u.withdrawn
          ? `${u.name} withdrawn`
          : `${u.name} ${STEPS[u.strength]} D${u.discipline}`,
    )
    .join('; ');
}

export function snapshot(st: LegionState): Pick<LegionEvent, 'status' | 'left'> {
  return {
    status: { attacker: statusOf(st, 'attacker'), defender: statusOf(st, 'defender') },
    left: { attacker: countsOf(st, 'attacker'), defender: countsOf(st, 'defender') },
  };
}
