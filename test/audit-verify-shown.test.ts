import { ShownCell, shownProblems } from '../src/verify-shown';

/** shownProblems: each sheet's visibility, then its cells row by row, 5 listed, the rest counted. */

const formatted = (row: number, col: number): ShownCell => ({ row, col, numberFormat: '0.0' });
const sheet = (cells: ShownCell[]) => [{ name: 'Log B1', visibility: 'visible' as const, cells }];

test('exactly 5 cells: all 5 listed, no count line', () => {
  const cells = [0, 1, 2, 3, 4].map((r) => formatted(r, 3));
  const found = shownProblems(sheet(cells));
  expect(found.map((p) => p.where)).toEqual([
    "'Log B1'!D1",
    "'Log B1'!D2",
    "'Log B1'!D3",
    "'Log B1'!D4",
    "'Log B1'!D5",
  ]);
});

test('cells given in any order are listed row by row, then column by column', () => {
  const cells = [
    formatted(5, 0),
    formatted(0, 4),
    formatted(2, 1),
    formatted(0, 1),
    formatted(2, 0),
  ];
  expect(shownProblems(sheet(cells)).map((p) => p.where)).toEqual([
    "'Log B1'!B1",
    "'Log B1'!E1",
    "'Log B1'!A3",
    "'Log B1'!B3",
    "'Log B1'!A6",
  ]);
});

test('the 5 listed are the first 5 by position, and the count starts at the 6th', () => {
  const cells = [
    formatted(9, 0),
    formatted(1, 0),
    formatted(7, 0),
    formatted(3, 0),
    formatted(5, 0),
    formatted(0, 0),
    formatted(8, 0),
  ];
  const found = shownProblems(sheet(cells));
  expect(found.map((p) => p.where)).toEqual([
    "'Log B1'!A1",
    "'Log B1'!A2",
    "'Log B1'!A4",
    "'Log B1'!A6",
    "'Log B1'!A8",
    "'Log B1'!A9",
  ]);
  expect(found[5].problem).toBe(
    "and 2 more cells of 'Log B1' with a formula or a number format, from here on",
  );
});
