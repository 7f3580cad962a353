import { err, ok, Result } from '../../result';
import { oneLine } from '../../shown-text';
import { CODES } from './tables';

/**
 * The attacker's retreat condition: a conjunction of comparisons such as
 * `lost.CAT >= 1 and units <= 3`, over the attacker's own forces and the enemy's. Orders given
 * after a pause may be written after the first, each from the round it starts:
 * `lost >= 3; units <= 4 from round 2` (`none from round 3` for no condition), so that a battle
 * fought again from its start takes each order where it was given.
 */

/** A quantity the condition reads: whose (0 own, 1 enemy), living or lost, of one type or all. */
type Quantity = { whose: 0 | 1; lost: boolean; type: number | 'all' };
type Operand = { n: number } | { q: Quantity };
type Op = '<=' | '>=' | '<' | '>' | '=';
export interface Comparison {
  left: Operand;
  op: Op;
  right: Operand;
}
/** The orders in force from round `from` on: comparisons that must all hold, or none (`none`). */
export interface RetreatPhase {
  from: number;
  comparisons: readonly Comparison[] | null;
}
export type RetreatCondition = readonly RetreatPhase[];

/** True when the condition changes in the course of the battle (`from round N`). */
export const changesByRound = (condition: RetreatCondition): boolean =>
  condition.length > 1 || condition[0].from > 1;

const VARIABLES =
  '`units`, `lost`, `lost.CAT`, `CAT` (any of CAT, CAV, INF, GAL), and the same with `enemy.` before them';

function parseOperand(text: string): Operand | undefined {
  if (/^\d+$/.test(text)) return { n: Number(text) };
  const parts = text.toUpperCase().split('.');
  let whose: 0 | 1 = 0;
  if (parts[0] === 'ENEMY') {
    whose = 1;
    parts.shift();
  }
  let lost = false;
  if (parts[0] === 'LOST') {
    lost = true;
    parts.shift();
  }
  if (parts.length === 0) return lost ? { q: { whose, lost, type: 'all' } } : undefined;
  if (parts.length !== 1) return undefined;
  if (parts[0] === 'UNITS' && !lost) return { q: { whose, lost, type: 'all' } };
  const type = (CODES as readonly string[]).indexOf(parts[0]);
  return type >= 0 ? { q: { whose, lost, type } } : undefined;
}

/** What is wrong with a clause that is no comparison, when it is one of the usual slips. */
function unreadableBecause(clause: string): string | undefined {
  if (/(^|\s)(or|\|\|)(\s|$)/i.test(clause)) {
    return '"or" is not taken: the attacker retreats when every comparison holds';
  }
  if (/^and\b|\band$/i.test(clause)) return '"and" with no comparison on one side';
  if (/\bfrom\s+round\b/i.test(clause)) {
    return '"from round N" ends its orders, and a ";" comes before the next: "lost >= 3; units <= 4 from round 2"';
  }
  const reversed = /=<|=>/.exec(clause);
  if (reversed) return `"${reversed[0]}" is written "${reversed[0][1]}="`;
  const op = /<=|>=|==|=|<|>/.exec(clause);
  if (op === null) return 'no comparison: it needs <=, >=, <, > or =';
  if (op.index === 0 || op.index + op[0].length === clause.length) {
    return `"${op[0]}" compares with nothing on one side`;
  }
  return undefined;
}

const FROM_ROUND = /^(.*?)\s*\bfrom\s+round\s+(\S+)$/i;
const MOST_ROUNDS = 10_000;

export function parseRetreat(text: string): Result<RetreatCondition> {
  const phases: RetreatPhase[] = [];
  // A `;` at the end parts no orders. A line break is a space, as in a condition written
  // over two lines of a cell.
  const parts = text
    .split(';')
    .map((p) => p.trim())
    .filter((p, i, all) => p !== '' || i < all.length - 1);
  for (const [i, part] of parts.entries()) {
    const at = `retreat condition "${oneLine(text)}"`;
    const m = FROM_ROUND.exec(part);
    if (i > 0 && !m && part !== '') {
      return err(
        `${at}: "${oneLine(part)}" needs the round it starts from, e.g. "units <= 4 from round 2" (orders after a ";" are those given after a pause)`,
      );
    }
    let from = 1;
    if (m) {
      from = /^\d+$/.test(m[2]) ? Number(m[2]) : NaN;
      if (!(from >= 1 && from <= MOST_ROUNDS)) {
        return err(`${at}: "from round ${oneLine(m[2])}" needs a round from 1 to 10,000`);
      }
      const before = phases[phases.length - 1];
      if (before && from <= before.from) {
        return err(
          `${at}: "from round ${from}" comes after orders from round ${before.from}: give the rounds in order`,
        );
      }
    }
    const orders = m ? m[1] : part;
    if (orders.trim() === '') {
      const where = m ? `nothing before "from round ${from}"` : 'nothing between two ";"';
      return err(`${at}: ${where}: write comparisons, or none`);
    }
    if (/^(none|-)$/i.test(orders.trim())) {
      phases.push({ from, comparisons: null });
      continue;
    }
    const comparisons = parseComparisons(orders, text);
    if (!comparisons.ok) return comparisons;
    phases.push({ from, comparisons: comparisons.value });
  }
  return ok(phases);
}

/** One phase's comparisons, joined by `and`; errors quote the whole condition `text`. */
function parseComparisons(phase: string, text: string): Result<Comparison[]> {
  const clauses = phase.trim().split(/\s+and\s+|\s*&&\s*|\s*,\s*/i);
  if (clauses.every((c) => c === '')) return err('the retreat condition is empty');
  // `units <= 1 &&`, `&& lost >= 2` or `a,, b`: a comparison left out, or a slip; never guessed.
  if (clauses.includes('')) {
    return err(
      `retreat condition "${oneLine(text)}": "and", "&&" or "," with no comparison on one side; ` +
        'write comparisons joined by "and", e.g. "lost.CAT >= 1 and units <= 3"',
    );
  }
  const comparisons: Comparison[] = [];
  for (const clause of clauses) {
    const m = /^([A-Za-z.]+|\d+)\s*(<=|>=|==|=|<|>)\s*([A-Za-z.]+|\d+)$/.exec(clause.trim());
    if (!m) {
      const why = unreadableBecause(clause.trim());
      return err(
        `retreat condition "${oneLine(text)}": cannot read "${oneLine(clause)}"${why ? ` (${why})` : ''}; ` +
          'write comparisons joined by "and", e.g. "lost.CAT >= 1 and units <= 3"',
      );
    }
    const left = parseOperand(m[1]);
    const right = parseOperand(m[3]);
    for (const [side, operand] of [
      [m[1], left],
      [m[3], right],
    ] as const) {
      if (!operand) {
        return err(
          `retreat condition "${oneLine(text)}": unknown quantity "${side}" (use ${VARIABLES})`,
        );
      }
    }
    // `1 <= 2` holds (or fails) whatever happens: a slip, never an order.
    if ('n' in left! && 'n' in right!) {
      return err(
        `retreat condition "${oneLine(text)}": "${oneLine(clause.trim())}" compares two numbers, ` +
          `which holds or fails whatever happens; compare a quantity (${VARIABLES})`,
      );
    }
    comparisons.push({ left: left!, op: (m[2] === '==' ? '=' : m[2]) as Op, right: right! });
  }
  return ok(comparisons);
}

/**
 * Reads the condition in force in `round` against the attacker's living and lost counts and the
 * enemy's.
 */
export function retreatHolds(
  condition: RetreatCondition,
  own: { count: readonly number[]; lost: readonly number[] },
  enemy: { count: readonly number[]; lost: readonly number[] },
  round: number,
): boolean {
  let phase: RetreatPhase | undefined;
  for (const p of condition) if (p.from <= round) phase = p;
  if (phase === undefined || phase.comparisons === null) return false;
  const value = (o: Operand): number => {
    if ('n' in o) return o.n;
    const side = o.q.whose === 0 ? own : enemy;
    const counts = o.q.lost ? side.lost : side.count;
    return o.q.type === 'all' ? counts[0] + counts[1] + counts[2] + counts[3] : counts[o.q.type];
  };
  for (const c of phase.comparisons) {
    const a = value(c.left);
    const b = value(c.right);
    const holds =
      c.op === '<='
        ? a <= b
        : c.op === '>='
          ? a >= b
          : c.op === '<'
            ? a < b
            : c.op === '>'
              ? a > b
              : a === b;
    if (!holds) return false;
  }
  return true;
}
