import { isDateFormat, serialDate, shownDate } from '../src/excel-dates';
import { datedCells } from '../taskpane/dated-cells';

test.each([
  ['yyyy-mm-dd', true],
  ['d-mmm', true],
  ['m/d/yyyy h:mm', true],
  ['h:mm:ss', true],
  ['[$-409]mmmm d, yyyy', true],
  ['General', false],
  ['0.00', false],
  ['#,##0 "days"', false],
  ['[Red]0;[Blue]-0', false],
  ['@', false],
])('the number format %s shows a date: %s', (format, date) =>
  expect(isDateFormat(format)).toBe(date),
);

// Excel's days: 1 is 1 January 1900, 60 the 29 February 1900 it believes in, 61 1 March.
test.each([
  [1, '1900-01-01'],
  [59, '1900-02-28'],
  [60, '1900-02-29'],
  [61, '1900-03-01'],
  [45444, '2024-06-01'],
  [45444.99, '2024-06-01'],
])('day %d shows as %s', (serial, day) => {
  const shown = shownDate(serialDate(serial));
  expect(shown instanceof Date ? shown.toISOString().slice(0, 10) : shown).toBe(day);
});

test('the pane reads a number a date format shows as that day, and nothing else', () => {
  const cells = datedCells(
    [[45444, 45444, '45444', true, 60]],
    [['yyyy-mm-dd', 'General', 'yyyy-mm-dd', 'yyyy-mm-dd', 'd-mmm']],
  );
  expect(cells).toEqual([[new Date(Date.UTC(2024, 5, 1)), 45444, '45444', true, '1900-02-29']]);
});
