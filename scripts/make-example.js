#!/usr/bin/env node
'use strict';
// Writes examples/turn-3.xlsx, the bundled submission the README's first command adjudicates.
// Run it again only to change the example: `node scripts/make-example.js`.
const ExcelJS = require('exceljs');
const { join } = require('node:path');

const battles = [
  [
    'Battle',
    'Territory',
    'Rules',
    'Sea',
    'Fort',
    'Breach by',
    'Retreat',
    'Rounds',
    'Mode',
    'Seed',
    'Dice',
  ],
  [
    'B1',
    'Gallia',
    'cote-pbem',
    'no',
    1,
    'any',
    'lost.CAT >= 1 and units <= 3',
    '',
    '',
    'turn 3, Gallia',
    '',
  ],
  ['B2', 'Mare Internum', 'cote-pbem', 'yes', 0, '', '', '', '', '', ''],
  ['B3', 'Hispania', 'cote-pbem', 'no', 2, 'catapult', '', '', '', '', ''],
  [
    'B4',
    'Graecia',
    'cote-online',
    'no',
    'yes',
    '',
    '',
    '',
    'fight-to-the-death',
    'turn 3, Graecia',
    '',
  ],
  ['B5', 'Italia', 'cote-pbem', 'no', 0, '', '', '', '', '', '3,4,4,2,3,4,1,2,5,1,6,1,4,2'],
];
const legions = [
  ['Battle', 'Side', 'Player', 'Leader', 'Infantry', 'Cavalry', 'Catapults', 'Galleys'],
  ['B1', 'Attacker', 'Ann', 'Marcus', 3, 2, 2, ''],
  ['B1', 'Defender', 'Bob', 'Vercingetorix', 4, 2, 1, ''],
  ['B2', 'Attacker', 'Ann', 'Agrippa', 3, 1, 1, 1],
  ['B2', 'Defender', 'Cato', 'Pompeius', 3, 0, 1, 1],
  ['B2', 'Defender', 'Cato', 'Sextus', 0, 0, 0, 1],
  ['B3', 'Attacker', 'Bob', 'Hannibal', 4, 1, 2, ''],
  ['B3', 'Attacker', 'Bob', 'Hasdrubal', 5, 2, 0, ''],
  ['B3', 'Defender', 'Ann', 'Scipio', 5, 1, 1, ''],
  ['B4', 'Attacker', 'Cato', 'Leonidas', 4, 2, 1, ''],
  ['B4', 'Defender', 'Dido', 'Pyrrhus', 3, 2, 1, ''],
  ['B5', 'Attacker', 'Dido', 'Legion A', 2, 0, 1, ''],
  ['B5', 'Defender', 'Ann', 'Legion B', 4, 0, 0, ''],
];

async function main() {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of [
    ['Battles', battles],
    ['Legions', legions],
  ]) {
    const ws = wb.addWorksheet(name);
    ws.addRows(rows);
    ws.getRow(1).font = { bold: true };
    ws.columns.forEach((c) => (c.width = 16));
    ws.views = [{ state: 'frozen', ySplit: 1 }];
  }
  wb.creator = 'Praetor';
  wb.created = new Date('2026-01-01T00:00:00Z');
  wb.modified = wb.created;
  await wb.xlsx.writeFile(join(__dirname, '..', 'examples', 'turn-3.xlsx'));
}

main();
