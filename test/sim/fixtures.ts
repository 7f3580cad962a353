import { PaneInput } from '../../taskpane/input';
import { SimFixture, SimValue } from './model';

/**
 * Workbooks for the taskpane tests. Values are as Excel stores them: numbers as numbers, and
 * text that Excel would otherwise read as a formula or number written with its `'` prefix.
 */

export const BATTLES: SimValue[][] = [
  ['Battle', 'Territory', 'Rules', 'Sea', 'Fort', 'Breach by', 'Retreat', 'Rounds', 'Seed', 'Dice'],
  ['B1', 'Gallia', '', '', '', '', '', '', 'alpha', ''],
  [7, 'Italia', '', '', 1, 'catapult', '', '', "'42", ''],
  ["'=2+3", 'Hispania', '', '', '', '', '', '', 'gamma', ''],
  ['B4', 'Africa', '', '', '', '', '', '', '', '1,2,3'],
];

export const LEGIONS: SimValue[][] = [
  ['Battle', 'Side', 'Player', 'Leader', 'Infantry', 'Cavalry', 'Catapult', 'Galley'],
  ['B1', 'Attacker', 'Ann', 'Marcus', 3, 1, 1, ''],
  ['B1', 'Defender', 'Bob', 'Titus', 4, '', '', ''],
  [7, 'Attacker', 'Cy', "'=evil()", 2, 2, 1, ''],
  [7, 'Defender', 'Di', 'Brutus', 3, '', '', ''],
  ["'=2+3", 'Attacker', 'Ed', '', 2, '', '', ''],
  ["'=2+3", 'Defender', 'Fa', '', 2, '', '', ''],
  ['B4', 'Attacker', 'Gu', '', 5, '', '', ''],
  ['B4', 'Defender', 'Ha', '', 5, '', '', ''],
];

/** Two `Unit | Count` blocks side by side: the attacker at A1, the defender at D1. */
export const ROSTERS: SimValue[][] = [
  ['Unit', 'Count', '', 'Unit', 'Count'],
  ['Infantry', 3, '', 'Infantry', 4],
  ['Cavalry', 1, '', 'Leader', 'Titus'],
  ['Catapult', 1, '', '', ''],
  ['Leader', 'Marcus', '', '', ''],
];

export function submissionWorkbook(extra: Partial<SimFixture> = {}): SimFixture {
  return {
    sheets: [
      { name: 'Battles', rows: BATTLES },
      { name: 'Legions', rows: LEGIONS },
      { name: 'Rosters', rows: ROSTERS },
      ...(extra.sheets ?? []),
    ],
    names: [{ name: 'AttackerRoster', ref: 'Rosters!A1:B5' }, ...(extra.names ?? [])],
    tables: extra.tables,
    selection: extra.selection ?? 'Rosters!D1:E3',
    active: extra.active ?? 'Rosters',
    apiVersion: extra.apiVersion,
  };
}

/** The same workbook with no Seed and no Dice in Battles: what a turn with sealed dice takes. */
export function unseededWorkbook(): SimFixture {
  const fixture = submissionWorkbook();
  const battles = BATTLES.map((row, r) => (r === 0 ? row : row.map((v, c) => (c >= 8 ? '' : v))));
  fixture.sheets[0] = { name: 'Battles', rows: battles };
  return fixture;
}

/** `legions` legions of 7 Infantry a side, in the Legions layout: a long log. */
export function bigArmies(legions: number): SimValue[][] {
  const rows: SimValue[][] = [['Side', 'Leader', 'Infantry', 'Cavalry', 'Catapult']];
  for (const side of ['Attacker', 'Defender']) {
    for (let i = 1; i <= legions; i++) rows.push([side, `${side[0]}${i}`, 4, 2, 1]);
  }
  return rows;
}

export function paneInput(overrides: Partial<PaneInput> = {}): PaneInput {
  return {
    battle: 'B1',
    attacker: 'Rosters!A1:B5',
    defender: 'Rosters!D1:E3',
    rules: 'cote-pbem',
    options: { sea: false, fort: '', breachBy: '', retreat: '', rounds: '' },
    dice: { kind: 'seed', text: 'alpha' },
    ...overrides,
  };
}

/**
 * The submission with Legions!E4:E5 merged, showing 3: battle 7's attacker holds the 3
 * Infantry in E4; its defender's E5, under the merge, is blank, though Excel shows 3 there.
 */
export function mergedLegionsWorkbook(extra: Partial<SimFixture> = {}): SimFixture {
  const fixture = submissionWorkbook(extra);
  const legions = LEGIONS.map((row) => [...row]);
  legions[3][4] = 3;
  legions[4][4] = '';
  fixture.sheets[1] = { name: 'Legions', rows: legions, merges: ['E4:E5'] };
  return fixture;
}
