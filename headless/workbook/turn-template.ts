import ExcelJS from 'exceljs';

/**
 * An example economy workbook for `praetor turn`: the `Game`, `Players`, `Territories`,
 * `Purchases` and `Ransoms` sheets with a note on every header, drop-down lists where a column
 * takes a few words, and a small game whose turn shows every rule (income with and without the
 * home territory, an eliminated player, a ransom, purchases done and rejected).
 */

interface Column {
  header: string;
  width: number;
  note: string;
  list?: string[];
}

const SHEETS: { name: string; columns: Column[]; rows: unknown[][] }[] = [
  {
    name: 'Game',
    columns: [
      {
        header: 'Inflation',
        width: 10,
        note: 'The price level: 1 (starting prices), 2 (doubled) or 3 (tripled). Praetor raises it; it never falls.',
        list: ['1', '2', '3'],
      },
    ],
    rows: [[1]],
  },
  {
    name: 'Players',
    columns: [
      { header: 'Player', width: 12, note: 'The player: a name, unique in the workbook.' },
      {
        header: 'Home territory',
        width: 16,
        note: 'The territory in Territories where new units appear; no income or purchases while someone else holds it.',
      },
      { header: 'Treasury', width: 10, note: 'Talents in hand: a whole number, 0 or more.' },
      {
        header: 'Caesar captured',
        width: 16,
        note: 'yes when the player lost their Caesar: eliminated, no income, no orders.',
        list: ['no', 'yes'],
      },
    ],
    rows: [
      ['Ann', 'Roma', 40, 'no'],
      ['Bob', 'Gallia', 20, 'no'],
      ['Cato', 'Hispania', 15, 'yes'],
      ['Dido', 'Africa', 60, 'no'],
    ],
  },
  {
    name: 'Territories',
    columns: [
      { header: 'Territory', width: 14, note: 'The territory: a name, unique in the workbook.' },
      { header: 'Value', width: 8, note: 'Its income: 5 or 10 talents.', list: ['5', '10'] },
      {
        header: 'Owner',
        width: 12,
        note: 'The player who holds it (a name in Players), or blank.',
      },
      {
        header: 'City',
        width: 11,
        note: 'none, city or fortified: a city (fortified or not) gives 5 talents more.',
        list: ['none', 'city', 'fortified'],
      },
    ],
    rows: [
      ['Roma', 10, 'Ann', 'fortified'],
      ['Neapolis', 5, 'Ann', 'none'],
      ['Sicilia', 5, 'Ann', 'city'],
      ['Africa', 10, 'Ann', 'none'],
      ['Gallia', 10, 'Bob', 'city'],
      ['Belgica', 5, 'Bob', 'none'],
      ['Hispania', 10, 'Bob', 'none'],
      ['Aegyptus', 10, '', 'none'],
    ],
  },
  {
    name: 'Purchases',
    columns: [
      { header: 'Player', width: 12, note: 'Who buys.' },
      {
        header: 'Item',
        width: 16,
        note: 'Infantry 10, Cavalry 25, Catapult 40, Galley 25, City 30, Fortified city 55, Upgrade (a city to fortified) 25; times the inflation level.',
        list: ['Infantry', 'Cavalry', 'Catapult', 'Galley', 'City', 'Fortified city', 'Upgrade'],
      },
      { header: 'Quantity', width: 9, note: 'How many (blank is 1); a city is one per row.' },
      {
        header: 'Territory',
        width: 14,
        note: 'For a city: a territory the player holds. Units always go to the home territory (blank is fine).',
      },
    ],
    rows: [
      ['Ann', 'Infantry', 3, ''],
      ['Ann', 'City', 1, 'Neapolis'],
      ['Ann', 'Catapult', 2, ''],
      ['Bob', 'Cavalry', 1, 'Gallia'],
      ['Bob', 'Upgrade', 1, 'Gallia'],
      ['Bob', 'Infantry', 2, 'Belgica'],
      ['Dido', 'Infantry', 1, ''],
    ],
  },
  {
    name: 'Ransoms',
    columns: [
      { header: 'Payer', width: 12, note: 'The player who pays to get a general back.' },
      {
        header: 'General',
        width: 14,
        note: 'The captive general, who returns to the payer’s home.',
      },
      { header: 'Amount', width: 9, note: 'Talents paid: a whole number, 1 or more.' },
      { header: 'Captor', width: 12, note: 'The player who holds the general and is paid.' },
    ],
    rows: [['Bob', 'Marcus', 20, 'Ann']],
  },
];

/** exceljs keeps a sheet's validations by range, though its types do not say so. */
type ValidationList = { add(ref: string, validation: ExcelJS.DataValidation): void };

export async function turnTemplateWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Praetor';
  workbook.created = new Date(Date.UTC(2024, 0, 1));
  workbook.modified = workbook.created;
  for (const sheet of SHEETS) {
    const ws = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = sheet.columns.map((c) => ({ header: c.header, width: c.width }));
    const header = ws.getRow(1);
    header.font = { bold: true };
    header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDCE6F1' } };
    sheet.columns.forEach((c, i) => {
      header.getCell(i + 1).note = c.note;
      if (!c.list) return;
      const letter = ws.getColumn(i + 1).letter;
      const dv = (ws as unknown as { dataValidations: ValidationList }).dataValidations;
      dv.add(`${letter}2:${letter}${sheet.name === 'Game' ? 2 : 501}`, {
        type: 'list',
        allowBlank: true,
        formulae: [`"${c.list.join(',')}"`],
        showErrorMessage: true,
        // A warning, not a stop: Praetor reads other spellings too (`y`, `attack`, ...).
        errorStyle: 'warning',
        errorTitle: c.header,
        error: `Expected one of: ${c.list.join(', ')}. Keep another value only if Praetor reads it (docs/economy.md).`,
      });
    });
    for (const row of sheet.rows) ws.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
