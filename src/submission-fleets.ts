import { Cell, cellAddress, cellText, readWholeCell } from './cells';
import { findColumns } from './columns';
import { Side } from './forces';
import { err, ok, Result } from './result';
import { parseSide } from './roster';
import { findRuleset } from './rulesets';
import type { SheetTable, SubmissionEntry } from './submission';
import type { LegionRow, LegionRows } from './submission-legions';
import { emptyRows, readForcesTable } from './submission-rows';
import { factionNamed } from './rulesets/imperium/factions';
import { FACTIONS } from './rulesets/imperium/units';
import { unitCode } from './units';

/**
 * The `Fleets` table of a submission, for rulesets whose forces are ships by type (imperium):
 * one row per type of a fleet, `Battle | Side | Faction | Type | Count | Damaged | Fleet
 * marker`. The rows of one battle, side and fleet marker make one fleet (a legion whose leader
 * is the faction); `Damaged` is yes/no (all of them) or how many of the count are damaged.
 */

const FLEET_COLUMNS = {
  battle: ['battle', 'battle id'],
  side: ['side'],
  faction: ['faction'],
  type: ['type', 'unit', 'ship'],
  count: ['count', 'number', 'qty', 'quantity'],
  damaged: ['damaged'],
  fleet: ['fleet marker', 'fleet', 'marker'],
  player: ['player'],
} as const;

type FleetColumns = ReturnType<typeof findColumns<keyof typeof FLEET_COLUMNS>>;

export function readFleetRows(
  fleets: SheetTable,
  entries: SubmissionEntry[],
  battlesSheet: string,
): LegionRows {
  const out = emptyRows();
  /** Fleets by battle, side and marker, in the order first seen. */
  const byKey = new Map<string, LegionRow>();
  /** Each side's faction, and where it was first given. */
  const sideFactions = new Map<string, { faction: string; at: string }>();
  return readForcesTable(
    fleets,
    entries,
    battlesSheet,
    {
      columns: FLEET_COLUMNS,
      required: ['battle', 'side', 'faction', 'type', 'count'],
      knownText: 'Battle, Side, Faction, Type, Count, Damaged, Fleet marker, Player',
      labels: ['player'],
      rowName: 'fleet row',
    },
    (r, i, entry, cols) => {
      const read = readFleetRow(fleets, cols, r, String(entry.spec!.rules));
      if (!read.ok) return read.error;
      const { side, faction, marker, units } = read.value;
      const factionAt = cellAddress(fleets.origin, r, cols.faction!);
      const key = `${i}|${side}|${marker.toLowerCase()}`;
      let fleet = byKey.get(key);
      if (fleet === undefined) {
        const first = sideFactions.get(`${i}|${side}`);
        if (first && first.faction.toLowerCase() !== faction.toLowerCase()) {
          return [
            `${factionAt}: faction "${faction}", but the ${side}'s fleet at ${first.at} is ${first.faction}: a side has one faction`,
          ];
        }
        if (!first) sideFactions.set(`${i}|${side}`, { faction, at: factionAt });
        const at = cellAddress(fleets.origin, r, cols.battle!);
        const name = marker === '' ? '' : ` ${marker}`;
        fleet = {
          side,
          legion: { leader: faction, units: {}, where: `${side} fleet${name} at ${at}` },
        };
        byKey.set(key, fleet);
        const list = out.byEntry.get(i) ?? [];
        list.push(fleet);
        out.byEntry.set(i, list);
      } else if (fleet.legion.leader!.toLowerCase() !== faction.toLowerCase()) {
        return [`${factionAt}: faction "${faction}" in a fleet that is ${fleet.legion.leader}`];
      }
      for (const [code, n] of Object.entries(units)) {
        fleet.legion.units[code] = (fleet.legion.units[code] ?? 0) + n;
      }
      return [];
    },
    out,
  );
}

/** A fleet row, or the problems of its cells, in the order of the template's columns. */
function readFleetRow(
  table: SheetTable,
  cols: FleetColumns,
  r: number,
  rules: string,
): Result<
  { side: Side; faction: string; marker: string; units: Record<string, number> },
  string[]
> {
  const row = table.cells[r];
  const at = (col: number) => cellAddress(table.origin, r, col);
  const ruleset = findRuleset(rules);
  if (ruleset?.id !== 'imperium') {
    // Its types and counts mean nothing under other rules: this one problem is the row's.
    return err([
      `${at(cols.battle!)}: a Fleets row is for an imperium battle; this battle's rules are ${rules}`,
    ]);
  }
  const problems: string[] = [];
  const side = parseSide(row[cols.side!]);
  if (side === undefined) {
    const text = cellText(row[cols.side!]);
    problems.push(
      `${at(cols.side!)}: side ${text === '' ? 'is blank' : `"${text}" is neither Attacker nor Defender`}`,
    );
  }
  const faction = cellText(row[cols.faction!]);
  if (faction === '') {
    problems.push(`${at(cols.faction!)}: the faction is blank (${FACTIONS.join(' or ')})`);
  } else if (factionNamed(faction) === undefined) {
    problems.push(`${at(cols.faction!)}: unknown faction "${faction}" (${FACTIONS.join(' or ')})`);
  }
  const typeText = cellText(row[cols.type!]);
  const found = unitCode(ruleset.units, typeText);
  const code = found === undefined || found.endsWith('*') ? undefined : found;
  if (code === undefined) {
    problems.push(`${at(cols.type!)}: unknown type "${typeText}" (e.g. BB, CA, DD, F, PD, RT4)`);
  }
  const count = readFleetCount(row[cols.count!], at(cols.count!));
  if (!count.ok) problems.push(count.error);
  // With no count to hold them to, the damaged cell is checked for what it says alone.
  const most = count.ok ? count.value : MAX_FLEET_COUNT;
  const damaged =
    cols.damaged === undefined ? ok(0) : readDamaged(row[cols.damaged], most, at(cols.damaged));
  if (!damaged.ok) problems.push(damaged.error);
  else if (
    damaged.value > 0 &&
    code !== undefined &&
    unitCode(ruleset.units, `${code}*`) === undefined
  ) {
    problems.push(`${at(cols.damaged!)}: ${code} has no damaged side`);
  }
  if (side === undefined || code === undefined || !count.ok || !damaged.ok || problems.length > 0) {
    return err(problems);
  }
  const units: Record<string, number> = {};
  if (count.value - damaged.value > 0) units[code] = count.value - damaged.value;
  if (damaged.value > 0) units[`${code}*`] = damaged.value;
  const marker = cols.fleet === undefined ? '' : cellText(row[cols.fleet]);
  return ok({ side, faction, marker, units });
}

/** `Damaged`: blank or no for none, yes for all `count`, or how many of them. */
function readDamaged(cell: unknown, count: number, address: string): Result<number> {
  const w = cellText(cell).toLowerCase();
  if (['', 'no', 'n', 'false'].includes(w)) return ok(0);
  if (['yes', 'y', 'true', 'damaged'].includes(w)) return ok(count);
  const n = readFleetCount(cell, address);
  if (!n.ok) return err(`${address}: damaged is "${cellText(cell)}": yes, no, or how many`);
  if (n.value > count) return err(`${address}: ${n.value} damaged of only ${count}`);
  return n;
}

/** The most ships (or troops, fighters) of one type a Fleets row may give. */
export const MAX_FLEET_COUNT = 999;

const readFleetCount = (cell: Cell, address: string): Result<number> =>
  readWholeCell(cell, address, { min: 0, max: MAX_FLEET_COUNT, blank: 0, what: 'a count' });
