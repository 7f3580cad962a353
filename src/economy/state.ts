import { CellGrid, GridOrigin } from '../cells';
import { GridMerge } from '../merged-cells';
import { InflationLevel, Item } from './items';

/**
 * The campaign's books as the economy reads them: players, territories and the inflation
 * level, each remembering the cell it came from, so that messages and updates can name it.
 */

/** A table's cells (header row first) and where it sits: the same shape as `SheetTable`. */
export interface EconomyTable {
  cells: CellGrid;
  origin: GridOrigin;
  merges?: readonly GridMerge[];
}

export type CityKind = 'none' | 'city' | 'fortified';

/** A cell to write: 0-based row and column on the sheet, and the A1 address for messages. */
export interface CellRef {
  sheet: string;
  row: number;
  col: number;
  address: string;
}

export interface PlayerState {
  name: string;
  /** The home territory's name as written in `Territories`. */
  home: string;
  treasury: number;
  caesarCaptured: boolean;
  /** The `Player` cell, for messages. */
  at: string;
  /** The `Treasury` cell, where the new treasury is written. */
  treasuryCell: CellRef;
}

export interface TerritoryState {
  name: string;
  value: 5 | 10;
  /** The owning player's name as written in `Players`, or null when nobody holds it. */
  owner: string | null;
  city: CityKind;
  at: string;
  /** The `City` cell, where a new or upgraded city is written. */
  cityCell: CellRef;
}

export interface EconomyState {
  players: PlayerState[];
  territories: TerritoryState[];
  inflation: InflationLevel;
  /** The `Inflation` cell, or null when the workbook has no `Game` sheet (one is then added). */
  inflationCell: CellRef | null;
}

/** One row of `Purchases`, read; `error` when it cannot be read at all. */
export interface PurchaseOrder {
  at: string;
  player: string;
  item: Item | null;
  quantity: number;
  territory: string;
  /** Where a placement problem points: the Territory cell, else the row's first cell. */
  territoryAt: string;
  error: string | null;
}

/** One row of `Ransoms`, read. */
export interface RansomOrder {
  at: string;
  payer: string;
  general: string;
  amount: number;
  captor: string;
  error: string | null;
}

export interface EconomyTables {
  players: EconomyTable | null;
  territories: EconomyTable | null;
  game: EconomyTable | null;
  purchases: EconomyTable | null;
  ransoms: EconomyTable | null;
}

/** Names compared as a referee would: any case, spaces collapsed. */
export const nameKey = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, ' ');
