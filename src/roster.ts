import {
  Cell,
  CellGrid,
  cellAddress,
  cellText,
  GridOrigin,
  isBlank,
  ORIGIN_A1,
  quoteText,
  readWholeCell,
  widestRow,
} from './cells';
import { Legion, Side, UnitCounts } from './forces';
import {
  blankButNotes,
  MergedGrid,
  mergedCellProblem,
  mergedHeaderColumns,
  mergedHeaderProblem,
  mergesShowing,
  placeMerges,
  shownAt,
} from './merged-cells';
import { err, ok, Result } from './result';
import { oneLineError } from './shown-text';
import { describeCatalog, UnitCatalog, unitCode } from './units';
import { battleIdKey } from './battle-id';

/**
 * Rosters from text (`Marcus: 1 CAT 2 INF; Titus: 3 INF`) or from a grid of cells. Only the
 * shape is checked here (known unit words, whole non-negative counts, a non-empty side); what a
 * legion may hold is the ruleset's business.
 */

/**
 * Text roster: legions separated by `;` or new lines, each `[Leader:] count unit, ...`. An error
 * is one line (a line break it quotes shows as `\r`).
 */
export function parseRosterText(text: string, side: Side, catalog: UnitCatalog): Result<Legion[]> {
  return oneLineError(readRosterText(text, side, catalog));
}

function readRosterText(text: string, side: Side, catalog: UnitCatalog): Result<Legion[]> {
  const chunks = text
    .split(/[;\n]/)
    .map((c) => c.trim())
    .filter((c) => c !== '');
  if (chunks.length === 0) return err(`${side}: the roster is empty (no legions given)`);
  const legions: Legion[] = [];
  for (let i = 0; i < chunks.length; i++) {
    const parsed = parseLegionText(chunks[i], `${side} legion ${i + 1}`, catalog);
    if (!parsed.ok) return parsed;
    legions.push(parsed.value);
  }
  return ok(legions);
}

function parseLegionText(chunk: string, name: string, catalog: UnitCatalog): Result<Legion> {
  const colon = chunk.lastIndexOf(':');
  const leader = colon >= 0 ? chunk.slice(0, colon).trim() : '';
  const body = colon >= 0 ? chunk.slice(colon + 1) : chunk;
  const where = leader ? `${name} (${leader})` : name;
  const tokens = body
    .split(/[\s,]+/)
    .filter((t) => t !== '')
    .flatMap((t) => {
      const glued = /^([+-]?[\d.]+)([A-Za-z].*)$/.exec(t);
      return glued ? [glued[1], glued[2]] : [t];
    });
  const units: UnitCounts = {};
  for (let i = 0; i < tokens.length; i += 2) {
    const countText = tokens[i];
    const word = tokens[i + 1];
    if (!/^[+-]?[\d.]+$/.test(countText)) {
      const example = unitCode(catalog, countText) === undefined ? catalog[0]?.code : countText;
      return err(
        `${where}: expected a count before "${countText}" (write e.g. "2 ${example}"` +
          (example === countText ? ')' : `; units: ${describeCatalog(catalog)})`),
      );
    }
    if (word === undefined) return err(`${where}: "${countText}" has no unit after it`);
    const count = checkCount(Number(countText), `"${countText} ${word}"`);
    if (!count.ok) return err(`${where}: ${count.error}`);
    const code = unitCode(catalog, word);
    if (code === undefined) {
      return err(`${where}: unknown unit "${word}" (known: ${describeCatalog(catalog)})`);
    }
    units[code] = (units[code] ?? 0) + count.value;
  }
  return ok({ ...(leader ? { leader } : {}), units, where });
}

/**
 * The largest count one roster item or cell may give: far beyond any game's table, small enough
 * that sums stay exact. Each ruleset caps its sides further (docs/rules-*.md).
 */
export const MAX_UNIT_COUNT = 10_000;

function checkCount(n: number, what: string): Result<number> {
  if (!Number.isFinite(n)) return err(`${what}: the count is not a number`);
  if (n < 0) return err(`${what}: a count cannot be negative`);
  if (!Number.isInteger(n)) return err(`${what}: a count must be a whole number`);
  if (n > MAX_UNIT_COUNT) {
    return err(`${what}: the count is ${n}; at most ${MAX_UNIT_COUNT.toLocaleString('en')}`);
  }
  return ok(n);
}

/** A count cell: blank is 0; a number or numeric text must be a whole number, 0 or more. */
export const readCountCell = (cell: Cell, address: string): Result<number> =>
  readWholeCell(cell, address, { min: 0, max: MAX_UNIT_COUNT, blank: 0, what: 'a count' });

const HEADER_WORDS = {
  leader: ['leader', 'general', 'commander', 'leader name'],
  side: ['side'],
  battle: ['battle', 'battle id'],
  unit: ['unit', 'units', 'type', 'unit type'],
  count: ['count', 'number', 'qty', 'quantity', 'n'],
};

const headerIs = (cell: Cell, words: readonly string[]) =>
  words.includes(cellText(cell).toLowerCase());

/** True when a roster's header row has a `Side` column: then one range serves both sides. */
export const hasSideColumn = (header: readonly Cell[]): boolean =>
  header.some((cell) => headerIs(cell, HEADER_WORDS.side));

/** A roster read from cells, with what it read but doubts (a label under a merge). */
export interface RosterCells {
  legions: Legion[];
  warnings: string[];
}

export interface RosterGrid extends MergedGrid {
  cells: CellGrid;
}

/**
 * A roster from cells, in either layout:
 * - a `Legions`-style table: a header row naming unit columns (`Infantry`, `CAV`, ...) and
 *   optionally `Leader` and `Side`; one legion per row. With a `Side` column, only the rows of
 *   `side` are taken.
 * - a `Unit | Count` block: one unit type per row (an optional header row, and an optional
 *   `Leader | name` row), making one legion.
 */
export function parseRosterCells(
  cells: CellGrid,
  side: Side,
  catalog: UnitCatalog,
  origin: GridOrigin = ORIGIN_A1,
): Result<Legion[]> {
  const read = readRosterGrid({ cells, origin }, side, catalog);
  return read.ok ? ok(read.value.legions) : read;
}

/**
 * As `parseRosterCells`, from a grid with the merged cells over it (as the taskpane reads a
 * range): a count, side or unit that Excel shows from a merge but the cell does not hold is an
 * error, a leader's name a warning (see merged-cells.ts). With `battle`, and a `Battle` column,
 * only the rows of that battle (as Excel shows their Battle cells) are taken.
 */
export function readRosterGrid(
  grid: RosterGrid,
  side: Side,
  catalog: UnitCatalog,
  battle = '',
): Result<RosterCells> {
  return oneLineError(readRoster(grid, side, catalog, battle.trim()));
}

function readRoster(
  grid: RosterGrid,
  side: Side,
  catalog: UnitCatalog,
  battle: string,
): Result<RosterCells> {
  const { cells, origin } = grid;
  const first = cells.findIndex((row) => row.some((c) => !isBlank(c)));
  const range = origin.sheet ? `the range on sheet ${origin.sheet}` : 'the range';
  if (first < 0) return err(`${side}: ${range} is empty`);
  const header = cells[first];
  const unitColumns = header.flatMap((c, col) => {
    const code = unitCode(catalog, cellText(c));
    return code !== undefined && !isBlank(c) ? [{ col, code }] : [];
  });
  // `INF | 3` or `INF | lots` starts a Unit | Count block; `Infantry | Cavalry` or `Infantry |
  // Side` is a table's header row. As Excel shows them: `3` merged down from above is a count.
  const [unit, count] = [shownAt(grid, first, 0), shownAt(grid, first, 1)];
  const block =
    unitCode(catalog, cellText(unit)) !== undefined &&
    !isBlank(count) &&
    !isHeaderWord(count, catalog);
  // From the first row that holds a value: the header of a table is row 0.
  const from = startingAt(grid, first);
  if (unitColumns.length > 0 && !block) {
    return parseLegionTable(from, unitColumns, side, catalog, battle);
  }
  return parseUnitCountBlock(from, side, catalog);
}

function startingAt(grid: RosterGrid, first: number): RosterGrid {
  if (first === 0) return grid;
  const cells = grid.cells.slice(first);
  const origin = { ...grid.origin, row: grid.origin.row + first };
  if (!grid.merges?.length) return { cells, origin };
  const from = { row: first, col: 0 };
  const merges = placeMerges(mergesShowing(grid), from, cells.length, widestRow(cells));
  return { cells, origin, merges };
}

const TABLE_WORDS = [
  'player',
  'territory',
  ...HEADER_WORDS.battle,
  ...HEADER_WORDS.leader,
  ...HEADER_WORDS.side,
];

/** The header words of the columns a legion table's rows are read by, beside the units. */
const READ_WORDS = [...HEADER_WORDS.battle, ...HEADER_WORDS.leader, ...HEADER_WORDS.side];

const isHeaderWord = (cell: Cell, catalog: UnitCatalog) =>
  unitCode(catalog, cellText(cell)) !== undefined || headerIs(cell, TABLE_WORDS);

/** The first of `columns` (of row `r`) whose cell is not read as Excel shows it, as an error. */
function mergedError(grid: MergedGrid, r: number, columns: readonly number[]): Result<void> {
  for (const c of columns) {
    const problem = c < 0 ? null : mergedCellProblem(grid, r, c);
    if (problem !== null) return err(problem);
  }
  return ok(undefined);
}

function parseLegionTable(
  grid: RosterGrid,
  unitColumns: { col: number; code: string }[],
  side: Side,
  catalog: UnitCatalog,
  battle: string,
): Result<RosterCells> {
  const { cells, origin } = grid;
  const header = cells[0];
  const leaderCol = header.findIndex((c) => headerIs(c, HEADER_WORDS.leader));
  const sideCol = header.findIndex((c) => headerIs(c, HEADER_WORDS.side));
  const battleColumn = header.findIndex((c) => headerIs(c, HEADER_WORDS.battle));
  const battleCol = battle === '' ? -1 : battleColumn;
  // With no battle named, the rows' own battles, each by its first row: more than one is refused.
  const battlesRead = new Map<string, string>();
  const counts = unitColumns.map((u) => u.col);
  // Columns whose header Excel shows from a merge over them: not read, so not to hold counts.
  const unheaded = mergedHeaderColumns(
    grid,
    (word) => unitCode(catalog, word) !== undefined || READ_WORDS.includes(word),
  );
  const legions: Legion[] = [];
  const warnings: string[] = [];
  const skipped = blankButNotes(grid);
  for (let r = 1; r < cells.length; r++) {
    const row = cells[r];
    if (skipped(row)) continue;
    if (battleCol >= 0) {
      const shown = cellText(shownAt(grid, r, battleCol));
      if (battleIdKey(shown) !== battleIdKey(battle)) continue;
    }
    const sideMerged = mergedError(grid, r, [battleCol, sideCol]);
    if (!sideMerged.ok) return sideMerged;
    if (sideCol >= 0) {
      const rowSide = parseSide(row[sideCol]);
      if (rowSide === undefined) {
        return err(
          `${cellAddress(origin, r, sideCol)}: side "${cellText(row[sideCol])}" is neither Attacker nor Defender`,
        );
      }
      if (rowSide !== side) continue;
    }
    if (battle === '' && battleColumn >= 0) {
      const id = cellText(shownAt(grid, r, battleColumn));
      const key = battleIdKey(id);
      if (id !== '' && !battlesRead.has(key)) {
        battlesRead.set(key, `${quoteText(id)} (${cellAddress(origin, r, battleColumn)})`);
      }
    }
    const countsMerged = mergedError(grid, r, counts);
    if (!countsMerged.ok) return countsMerged;
    for (const c of unheaded) {
      const problem = mergedHeaderProblem(grid, r, c);
      if (problem !== null) return err(problem);
    }
    const leaderMerged = leaderCol < 0 ? null : mergedCellProblem(grid, r, leaderCol);
    if (leaderMerged !== null) warnings.push(leaderMerged);
    const leader = leaderCol >= 0 ? cellText(row[leaderCol]) : '';
    const units: UnitCounts = {};
    for (const { col, code } of unitColumns) {
      const count = readCountCell(row[col], cellAddress(origin, r, col));
      if (!count.ok) return count;
      units[code] = (units[code] ?? 0) + count.value;
    }
    const at = cellAddress(origin, r, leaderCol >= 0 ? leaderCol : unitColumns[0].col);
    legions.push({
      ...(leader ? { leader } : {}),
      units,
      where: `${side} legion at ${at}${leader ? ` (${leader})` : ''}`,
    });
  }
  if (battlesRead.size > 1) {
    const [one, ...others] = [...battlesRead.values()];
    return err(
      `${side}: the rows are of battles ${one} and ${others.join(' and ')}: ` +
        'give the Battle id of the one to fight, to take its rows only',
    );
  }
  if (legions.length === 0) {
    const of = battleCol >= 0 ? ` of battle ${quoteText(battle)}` : '';
    return err(
      `${side}: no legion rows for the ${side}${of} below the header at ${cellAddress(origin, 0, 0)}`,
    );
  }
  return ok({ legions, warnings });
}

function parseUnitCountBlock(
  grid: RosterGrid,
  side: Side,
  catalog: UnitCatalog,
): Result<RosterCells> {
  const { cells, origin } = grid;
  const start =
    headerIs(cells[0][0], HEADER_WORDS.unit) && headerIs(cells[0][1], HEADER_WORDS.count) ? 1 : 0;
  let leader = '';
  const units: UnitCounts = {};
  const warnings: string[] = [];
  // Only a header row names note columns.
  const skipped = start === 1 ? blankButNotes(grid) : (row: readonly Cell[]) => row.every(isBlank);
  for (let r = start; r < cells.length; r++) {
    const row = cells[r];
    if (skipped(row)) continue;
    if (headerIs(row[0], HEADER_WORDS.leader)) {
      const merged = mergedCellProblem(grid, r, 1);
      if (merged !== null) warnings.push(merged);
      const named = cellText(row[1]);
      if (leader !== '' && named !== '' && named.toLowerCase() !== leader.toLowerCase()) {
        return err(
          `${cellAddress(origin, r, 1)}: a second leader, ${quoteText(named)}, after ${quoteText(leader)}: ` +
            'a Unit | Count block is one legion, with one leader',
        );
      }
      if (leader === '') leader = named;
      continue;
    }
    const merged = mergedError(grid, r, [0, 1]);
    if (!merged.ok) return merged;
    const word = cellText(row[0]);
    const code = unitCode(catalog, word);
    if (code === undefined) {
      return err(
        `${cellAddress(origin, r, 0)}: unknown unit "${word}" (known: ${describeCatalog(catalog)}; ` +
          'or select a table whose header row names the unit columns)',
      );
    }
    const count = readCountCell(row[1], cellAddress(origin, r, 1));
    if (!count.ok) return count;
    units[code] = (units[code] ?? 0) + count.value;
  }
  const where = `${side} legion at ${cellAddress(origin, 0, 0)}${leader ? ` (${leader})` : ''}`;
  return ok({ legions: [{ ...(leader ? { leader } : {}), units, where }], warnings });
}

export function parseSide(cell: Cell): Side | undefined {
  const t = cellText(cell).toLowerCase();
  if (t === 'attacker' || t === 'attack' || t === 'a') return 'attacker';
  if (t === 'defender' || t === 'defence' || t === 'defense' || t === 'd') return 'defender';
  return undefined;
}
