import { cellAddress, cellText } from '../cells';
import { err, ok, Result } from '../result';
import { InflationLevel } from './items';
import {
  CellRef,
  EconomyState,
  EconomyTable,
  EconomyTables,
  nameKey,
  PlayerState,
  TerritoryState,
} from './state';
import { bodyRows, missingColumns, openTable, rowAccess } from './tables';
import { cityKind, wholeNumber, yesNo } from './values';

/**
 * The `Players`, `Territories` and `Game` tables read into the campaign's state. Any error here
 * stops the turn (no income or purchase can be trusted on wrong books): every one is collected,
 * each naming its cell.
 */

const PLAYER_COLUMNS = {
  player: ['player', 'name'],
  home: ['home territory', 'home', 'home province'],
  treasury: ['treasury', 'talents'],
  caesar: ['caesar captured', 'caesar', 'eliminated'],
} as const;

const TERRITORY_COLUMNS = {
  territory: ['territory', 'province', 'name'],
  value: ['value', 'income', 'talents'],
  owner: ['owner', 'held by', 'player'],
  city: ['city'],
} as const;

const GAME_COLUMNS = { inflation: ['inflation', 'inflation level', 'price level'] } as const;

export interface ReadState {
  state: EconomyState;
  warnings: string[];
}

export function readState(
  tables: EconomyTables,
  sheetNames: readonly string[] = [],
): Result<ReadState, string[]> {
  const missing = (['Players', 'Territories'] as const)
    .filter((name) => tables[name === 'Players' ? 'players' : 'territories'] === null)
    .map(
      (name) =>
        `no sheet or table named "${name}"` +
        (sheetNames.length > 0 ? ` (the workbook has: ${sheetNames.join(', ')})` : ''),
    );
  if (missing.length > 0 || !tables.players || !tables.territories) return err(missing);

  const problems: string[] = [];
  const warnings: string[] = [];
  const players = readPlayers(tables.players, problems, warnings);
  const territories = readTerritories(tables.territories, problems, warnings);
  const game = readGame(tables.game, problems, warnings);
  if (problems.length > 0) return err(problems);

  const byPlayer = new Map(players.map((p) => [nameKey(p.state.name), p]));
  const byTerritory = new Map(territories.map((t) => [nameKey(t.state.name), t]));
  for (const p of players) {
    const home = byTerritory.get(nameKey(p.home.text));
    if (!home) {
      problems.push(
        `${p.home.at}: ${p.state.name}'s home territory "${p.home.text}" is not in ${territoriesName(tables.territories)}`,
      );
    } else p.state.home = home.state.name;
  }
  for (const t of territories) {
    if (t.owner.text === '') continue;
    const owner = byPlayer.get(nameKey(t.owner.text));
    if (!owner) {
      problems.push(
        `${t.owner.at}: ${t.state.name}'s owner "${t.owner.text}" is not a player in ${playersName(tables.players)}`,
      );
    } else t.state.owner = owner.state.name;
  }
  if (problems.length > 0) return err(problems);
  return ok({
    state: {
      players: players.map((p) => p.state),
      territories: territories.map((t) => t.state),
      inflation: game.level,
      inflationCell: game.cell,
    },
    warnings,
  });
}

const playersName = (t: EconomyTable) => t.origin.sheet ?? 'Players';
const territoriesName = (t: EconomyTable) => t.origin.sheet ?? 'Territories';

interface Named {
  text: string;
  at: string;
}

/** Checks that names are unique (in any case); reports both cells of a repeated one. */
function checkUnique(rows: { name: string; at: string }[], what: string, problems: string[]) {
  const first = new Map<string, string>();
  for (const row of rows) {
    const seen = first.get(nameKey(row.name));
    if (seen !== undefined) {
      problems.push(`${row.at}: ${what} "${row.name}" is listed twice (also at ${seen})`);
    } else first.set(nameKey(row.name), row.at);
  }
}

function readPlayers(table: EconomyTable, problems: string[], warnings: string[]) {
  const t = openTable(
    table,
    'Players',
    PLAYER_COLUMNS,
    'Player, Home territory, Treasury, Caesar captured',
  );
  warnings.push(...t.warnings);
  const absent = missingColumns(t, [
    ['player', 'Player'],
    ['home', 'Home territory'],
    ['treasury', 'Treasury'],
  ]);
  if (absent.length > 0) {
    problems.push(...absent);
    return [];
  }
  const out: { state: PlayerState; home: Named }[] = [];
  for (const { r, row } of bodyRows(table)) {
    const a = rowAccess(t, r, row);
    const name = cellText(a.cell('player'));
    if (name === '') {
      problems.push(`${a.address('player')}: the row has no player (the Player column is blank)`);
      continue;
    }
    const home = cellText(a.cell('home'));
    if (home === '') problems.push(`${a.address('home')}: ${name} has no home territory`);
    const treasury = wholeNumber(a.cell('treasury'), `${name}'s treasury`, 0, 0);
    if (!treasury.ok) problems.push(`${a.address('treasury')}: ${treasury.error}`);
    const caesar = yesNo(a.cell('caesar'), `"Caesar captured"`);
    if (!caesar.ok) problems.push(`${a.address('caesar')}: ${caesar.error}`);
    if (home === '' || !treasury.ok || !caesar.ok) continue;
    out.push({
      state: {
        name,
        home,
        treasury: treasury.value,
        caesarCaptured: caesar.value,
        at: a.address('player'),
        treasuryCell: a.ref('treasury'),
      },
      home: { text: home, at: a.address('home') },
    });
  }
  checkUnique(
    out.map((p) => ({ name: p.state.name, at: p.state.at })),
    'player',
    problems,
  );
  if (bodyRows(table).length === 0 && t.cols.player !== undefined) {
    problems.push(`${cellAddress(table.origin, 0, t.cols.player)}: ${t.name} lists no players`);
  }
  return out;
}

function readTerritories(table: EconomyTable, problems: string[], warnings: string[]) {
  const t = openTable(table, 'Territories', TERRITORY_COLUMNS, 'Territory, Value, Owner, City');
  warnings.push(...t.warnings);
  const absent = missingColumns(t, [
    ['territory', 'Territory'],
    ['value', 'Value'],
    ['owner', 'Owner'],
    ['city', 'City'],
  ]);
  if (absent.length > 0) {
    problems.push(...absent);
    return [];
  }
  const out: { state: TerritoryState; owner: Named }[] = [];
  for (const { r, row } of bodyRows(table)) {
    const a = rowAccess(t, r, row);
    const name = cellText(a.cell('territory'));
    if (name === '') {
      problems.push(
        `${a.address('territory')}: the row has no territory (the Territory column is blank)`,
      );
      continue;
    }
    const value = wholeNumber(a.cell('value'), `${name}'s value`, 0);
    const valueOk = value.ok && (value.value === 5 || value.value === 10);
    if (!valueOk) {
      problems.push(
        `${a.address('value')}: ${value.ok ? `${name}'s value is ${value.value}` : value.error}; a territory is worth 5 or 10 talents`,
      );
    }
    const city = cityKind(a.cell('city'));
    if (!city.ok) problems.push(`${a.address('city')}: ${name}'s ${city.error}`);
    if (!valueOk || !value.ok || !city.ok) continue;
    out.push({
      state: {
        name,
        value: value.value as 5 | 10,
        owner: null,
        city: city.value,
        at: a.address('territory'),
        cityCell: a.ref('city'),
      },
      owner: { text: cellText(a.cell('owner')), at: a.address('owner') },
    });
  }
  checkUnique(
    out.map((x) => ({ name: x.state.name, at: x.state.at })),
    'territory',
    problems,
  );
  return out;
}

/** The `Game` table: a header row with `Inflation`, the level in the row below (blank is 1). */
function readGame(
  table: EconomyTable | null,
  problems: string[],
  warnings: string[],
): { level: InflationLevel; cell: CellRef | null } {
  if (table === null) return { level: 1, cell: null };
  const t = openTable(table, 'Game', GAME_COLUMNS, 'Inflation');
  warnings.push(...t.warnings);
  const absent = missingColumns(t, [['inflation', 'Inflation']]);
  if (absent.length > 0) {
    problems.push(...absent);
    return { level: 1, cell: null };
  }
  const a = rowAccess(t, 1, table.cells[1] ?? []);
  const level = wholeNumber(a.cell('inflation'), 'the inflation level', 1, 1);
  if (!level.ok || level.value > 3) {
    problems.push(
      `${a.address('inflation')}: ${level.ok ? `the inflation level is ${level.value}` : level.error}; ` +
        'it is 1 (starting prices), 2 (doubled) or 3 (tripled)',
    );
    return { level: 1, cell: null };
  }
  return { level: level.value as InflationLevel, cell: a.ref('inflation') };
}
