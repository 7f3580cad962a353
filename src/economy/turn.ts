import { err, ok, Result } from '../result';
import { describeIncome, incomeOf } from './income';
import { InflationLevel, inflationAfter, INFLATION_WORDS } from './items';
import { Ledger, LineResult, TurnLine } from './lines';
import { playPurchases } from './purchases';
import { playRansoms } from './ransoms';
import { readPurchases, readRansoms } from './read-orders';
import { readState } from './read-state';
import { noRepeats, Repeats, repeatWarnings } from './repeated-orders';
import { CellRef, EconomyState, EconomyTables } from './state';
import { CITY_TEXT } from './values';

/**
 * A turn's economy, start to end, pure: read the books and the orders, then collect every
 * player's income, raise inflation if an income calls for it, pay the ransoms, and make the
 * purchases at the new prices. The result is the books after the turn, the cells to write
 * back, and a line for every change, rejection and error.
 */

export interface CellUpdate {
  cell: CellRef;
  value: string | number;
}

export interface TurnOutcome {
  before: EconomyState;
  after: EconomyState;
  incomes: { player: string; talents: number }[];
  inflation: { before: InflationLevel; after: InflationLevel };
  lines: TurnLine[];
  /** The cells whose values change: treasuries, cities, the inflation level. */
  updates: CellUpdate[];
  /** True when the workbook has no `Game` sheet: one must be added to keep the level. */
  addGameSheet: boolean;
  warnings: string[];
  counts: Record<LineResult, number>;
}

const copyState = (s: EconomyState): EconomyState => ({
  ...s,
  players: s.players.map((p) => ({ ...p })),
  territories: s.territories.map((t) => ({ ...t })),
});

export function playTurn(
  tables: EconomyTables,
  sheetNames: readonly string[] = [],
  repeats: Repeats = noRepeats(),
): Result<TurnOutcome, string[]> {
  const read = readState(tables, sheetNames);
  const purchases = readPurchases(tables.purchases);
  const ransoms = readRansoms(tables.ransoms);
  const problems = [read, purchases, ransoms].flatMap((r) => (r.ok ? [] : r.error));
  if (!read.ok || !purchases.ok || !ransoms.ok) return err(problems);

  const before = read.value.state;
  const ledger = new Ledger(copyState(before));
  const state = ledger.state;
  const warnings = [...read.value.warnings, ...purchases.value.warnings, ...ransoms.value.warnings];

  const incomes = collectIncome(ledger);
  for (const p of state.players) {
    const kept = state.territories.filter((t) => t.owner === p.name).map((t) => t.name);
    if (p.caesarCaptured && kept.length > 0) {
      warnings.push(
        `${p.at}: ${p.name} is eliminated but still owns ${kept.join(', ')}: the winner of the battle takes them over (change their Owner)`,
      );
    }
  }
  state.inflation = raiseInflation(ledger, incomes);
  playRansoms(ledger, ransoms.value.orders, repeats);
  playPurchases(
    ledger,
    purchases.value.orders,
    tables.territories?.origin.sheet ?? 'Territories',
    repeats,
  );
  const doneNow = new Set(ledger.lines.filter((l) => l.result === 'done').map((l) => l.at));
  warnings.push(...repeatWarnings(purchases.value.orders, ransoms.value.orders, repeats, doneNow));
  for (const w of warnings) {
    ledger.note({ step: 'warning', player: '', at: '', what: w, result: 'none', reason: '' });
  }

  const counts: Record<LineResult, number> = { done: 0, none: 0, rejected: 0, error: 0 };
  for (const line of ledger.lines) if (line.step !== 'warning') counts[line.result]++;
  return ok({
    before,
    after: state,
    incomes,
    inflation: { before: before.inflation, after: state.inflation },
    lines: ledger.lines,
    updates: updatesOf(before, state),
    addGameSheet: before.inflationCell === null,
    warnings,
    counts,
  });
}

function collectIncome(ledger: Ledger): { player: string; talents: number }[] {
  return ledger.state.players.map((p) => {
    const income = incomeOf(ledger.state, p);
    const base = { step: 'income' as const, player: p.name, at: '' };
    if (income.collects) {
      ledger.change(p, income.talents, {
        ...base,
        what: `income: ${describeIncome(income)}`,
        reason: '',
      });
    } else {
      ledger.note({
        ...base,
        what: 'no income',
        result: 'none',
        reason: income.why,
        treasury: p.treasury,
      });
    }
    return { player: p.name, talents: income.talents };
  });
}

function raiseInflation(
  ledger: Ledger,
  incomes: readonly { player: string; talents: number }[],
): InflationLevel {
  const level = ledger.state.inflation;
  const next = inflationAfter(
    level,
    incomes.map((i) => i.talents),
  );
  const base = { step: 'inflation' as const, player: '', at: '' };
  if (next === level) {
    ledger.note({
      ...base,
      what: `inflation stays at level ${level} (${INFLATION_WORDS[level]}: prices ×${level})`,
      result: 'none',
      reason: '',
    });
    return level;
  }
  const top = incomes.reduce((a, b) => (b.talents > a.talents ? b : a));
  ledger.note({
    ...base,
    what: `inflation rises from level ${level} to ${next} (${INFLATION_WORDS[next]} for the rest of the game)`,
    result: 'done',
    reason: `${top.player} collected ${top.talents} talents, more than ${next === 3 ? 200 : 100}; this turn's purchases are at the new prices`,
  });
  return next;
}

function updatesOf(before: EconomyState, after: EconomyState): CellUpdate[] {
  const updates: CellUpdate[] = [];
  after.players.forEach((p, i) => {
    if (p.treasury !== before.players[i].treasury) {
      updates.push({ cell: p.treasuryCell, value: p.treasury });
    }
  });
  after.territories.forEach((t, i) => {
    if (t.city !== before.territories[i].city) {
      updates.push({ cell: t.cityCell, value: CITY_TEXT[t.city] });
    }
  });
  if (after.inflationCell !== null && after.inflation !== before.inflation) {
    updates.push({ cell: after.inflationCell, value: after.inflation });
  }
  return updates;
}
