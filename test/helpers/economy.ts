import ExcelJS from 'exceljs';
import { EconomyTable, EconomyTables } from '../../src/economy/state';
import { playTurn, TurnOutcome } from '../../src/economy/turn';

/** Economy books for the tests: as grids for the pure core, and as workbooks for the CLI. */

export const PLAYERS_HEADER = ['Player', 'Home territory', 'Treasury', 'Caesar captured'];
export const TERRITORIES_HEADER = ['Territory', 'Value', 'Owner', 'City'];
export const PURCHASES_HEADER = ['Player', 'Item', 'Quantity', 'Territory'];
export const RANSOMS_HEADER = ['Payer', 'General', 'Amount', 'Captor'];

export interface Books {
  /** Rows below the header; `null` leaves the table out. */
  players?: unknown[][] | null;
  territories?: unknown[][] | null;
  inflation?: unknown;
  purchases?: unknown[][];
  ransoms?: unknown[][];
  headers?: Partial<Record<'players' | 'territories' | 'purchases' | 'ransoms', unknown[]>>;
}

/** Ann holds Roma (10) and Neapolis (5); Bob holds Gallia (10); Aegyptus (10) is nobody's. */
export const DEFAULT_PLAYERS = [
  ['Ann', 'Roma', 0, 'no'],
  ['Bob', 'Gallia', 0, 'no'],
];
export const DEFAULT_TERRITORIES = [
  ['Roma', 10, 'Ann', 'none'],
  ['Neapolis', 5, 'Ann', 'none'],
  ['Gallia', 10, 'Bob', 'none'],
  ['Aegyptus', 10, '', 'none'],
];

export const grid = (sheet: string, header: unknown[], rows: unknown[][]): EconomyTable => ({
  cells: [header, ...rows],
  origin: { sheet, row: 0, col: 0 },
});

export function tables(books: Books = {}): EconomyTables {
  const h = books.headers ?? {};
  const players = books.players === undefined ? DEFAULT_PLAYERS : books.players;
  const territories = books.territories === undefined ? DEFAULT_TERRITORIES : books.territories;
  return {
    players: players && grid('Players', h.players ?? PLAYERS_HEADER, players),
    territories:
      territories && grid('Territories', h.territories ?? TERRITORIES_HEADER, territories),
    game: books.inflation === undefined ? null : grid('Game', ['Inflation'], [[books.inflation]]),
    purchases: books.purchases
      ? grid('Purchases', h.purchases ?? PURCHASES_HEADER, books.purchases)
      : null,
    ransoms: books.ransoms ? grid('Ransoms', h.ransoms ?? RANSOMS_HEADER, books.ransoms) : null,
  };
}

/** Plays a turn that must read; fails the test with the problems otherwise. */
export function turn(books: Books = {}): TurnOutcome {
  const played = playTurn(tables(books));
  if (!played.ok) throw new Error(played.error.join('\n'));
  return played.value;
}

/** The problems of a turn that must not read. */
export function problems(books: Books): string[] {
  const played = playTurn(tables(books));
  if (played.ok) throw new Error('the turn was played');
  return played.error;
}

export const treasury = (o: TurnOutcome, player: string): number =>
  o.after.players.find((p) => p.name === player)!.treasury;

/** The lines of one step, as `[result, player, reason or what]`, for compact expectations. */
export const linesOf = (o: TurnOutcome, step: string) =>
  o.lines.filter((l) => l.step === step).map((l) => [l.result, l.player, l.reason || l.what]);

/** The same books as a workbook, one sheet per table (a `Game` sheet when `inflation` is given). */
export async function economyWorkbook(books: Books = {}): Promise<Buffer> {
  const t = tables(books);
  const wb = new ExcelJS.Workbook();
  for (const table of [t.game, t.players, t.territories, t.purchases, t.ransoms]) {
    if (table) wb.addWorksheet(table.origin.sheet!).addRows(table.cells as unknown[][]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
