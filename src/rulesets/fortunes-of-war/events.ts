import { Side, UnitCounts } from '../../forces';
import { BattleEvent, QUIET } from '../../ruleset';
import { Draw, drawText } from './rnd';
import { FowState, leaderFree, SideState } from './state';

/** One log row: a draw and what it decided, or a step of the rules that rolls nothing. */
export interface FowEvent extends BattleEvent {
  /** `1 specials`, `2A missiles`, `2B melee`, `3 morale`, `4 resolution`, `army vs leader`, ... */
  segment: string;
  /** Who acts: the army or the leader. */
  unit: string;
  /** The draw, `RND(6)=4`, or '' when nothing is rolled. */
  roll: string;
  /** The d6 values this row drew from the battle's dice, in order (redraws included). */
  dice: number[];
  /** How the number was made, e.g. `attack 6 + RND(6) 4 + leadership 2 = 12`. */
  detail: string;
  /** What it decided, e.g. `3 damage to Legio X`. */
  result: string;
  /** Each side after the row: `Legio X 14/20; Thorvald 0/3 wounds`. */
  status: Record<Side, string>;
  /** Health points and leaders on the field after the row, for strength charts. */
  left: Record<Side, UnitCounts>;
}

export function countsOf(s: SideState): UnitCounts {
  const c: UnitCounts = {};
  if (s.army) c.HP = s.army.status === 'destroyed' ? 0 : Math.max(0, s.army.health);
  if (s.leader) c.LDR = leaderFree(s.leader) ? 1 : 0;
  return c;
}

function statusOf(s: SideState): string {
  const parts: string[] = [];
  if (s.army) {
    const a = s.army;
    const where = a.status === 'fighting' ? '' : ` ${a.status}`;
    parts.push(
      `${a.spec.name} ${Math.max(0, a.health)}/${a.spec.maxHealth}${where}${a.berserk ? ' berserk' : ''}`,
    );
  }
  if (s.leader) {
    const l = s.leader;
    const fate = l.fate === 'present' ? '' : ` ${l.fate}`;
    parts.push(`${l.spec.name} ${l.wounds}/${l.spec.health} wounds${fate}`);
  }
  return parts.join('; ');
}

export type Emit = (e: FowEvent) => void;

/** What a row says: who, the draw if any, how the number was made and what it decided. */
export interface Row {
  side: Side;
  segment: string;
  unit: string;
  draw?: Draw;
  detail: string;
  result: string;
}

/** Emits a row with the sides' status after it. */
export function logRow(st: FowState, emit: Emit, row: Row): void {
  // Monte Carlo odds want no log: the row's status texts are not built.
  if (emit === QUIET) return;
  emit({
    round: st.round,
    side: row.side,
    segment: row.segment,
    unit: row.unit,
    roll: row.draw ? drawText(row.draw) : '',
    dice: row.draw ? row.draw.dice : [],
    detail: row.detail,
    result: row.result,
    status: { attacker: statusOf(st.sides.attacker), defender: statusOf(st.sides.defender) },
    left: { attacker: countsOf(st.sides.attacker), defender: countsOf(st.sides.defender) },
  });
}
