import { pageText } from '../headless/workbook/sheet-xml';
import { pageSection } from '../src/page-text';

test('pageSection doubles every & so that none is read as a code', () => {
  expect(pageSection('A & B')).toBe('A && B');
  expect(pageSection('&P')).toBe('&&P');
});

test('pageSection: at most 80 characters as written, never half an && or a character', () => {
  expect(pageSection('x'.repeat(80))).toBe('x'.repeat(80));
  expect(pageSection('x'.repeat(81))).toBe(`${'x'.repeat(79)}…`);
  expect(pageSection(`${'x'.repeat(78)}&y`)).toBe(`${'x'.repeat(78)}…`);
  expect(pageSection(`${'x'.repeat(77)}&yz`)).toBe(`${'x'.repeat(77)}&&…`);
  expect(pageSection(`${'x'.repeat(78)}😀y`)).toBe(`${'x'.repeat(78)}…`);
  expect(pageSection('&'.repeat(60))).toBe(`${'&&'.repeat(39)}…`);
});

test("a written header or footer stays within Excel's 255 characters, whatever its text", () => {
  for (const text of ['&'.repeat(300), 'x'.repeat(300), '😀'.repeat(300)]) {
    const header = pageText({ left: text, center: text, right: text });
    expect(header.length).toBeLessThanOrEqual(255);
    expect(header.startsWith('&L')).toBe(true);
    expect(pageText({ left: text, center: text }, true)).toMatch(/&RPage &P of &N$/);
  }
});
