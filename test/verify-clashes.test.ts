import { sealedIdClashes, workbookOrders } from '../src/verify-clashes';
import type { WorkbookSheets } from '../src/verify';

/** The id check across a sealed turn's workbooks (src/verify-clashes.ts), without files. */

const seal = { game: 'Rome', turn: 3, commitment: 'c'.repeat(64) };
const table = (cells: unknown[][]) => ({ cells, origin: { sheet: 'Battles', row: 0, col: 0 } });
const book = (cells: unknown[][]) =>
  ({ battles: table(cells), legions: table([]), sheetNames: [], sheets: [] }) as WorkbookSheets;
const b1 = { id: 'B1', orders: 'same' };

describe('copies and clashes', () => {
  it('workbooks with the same cells are copies; a date is compared by its time', () => {
    const at = (ms: number) => workbookOrders(book([['B1', new Date(ms)]]));
    expect(at(0)).toBe(at(0));
    expect(at(0)).not.toBe(at(1));
    const { clashes, copies } = sealedIdClashes([
      { file: 'a', seal, fought: [b1], orders: at(0) },
      { file: 'b', seal, fought: [b1], orders: at(0) },
      { file: 'c', seal, fought: [b1], orders: at(1) },
    ]);
    expect(copies).toEqual([{ files: ['a', 'b'], game: 'Rome', turn: 3 }]);
    expect(clashes).toEqual([{ id: 'B1', files: ['a', 'c'], game: 'Rome', turn: 3 }]);
  });

  it('cells JSON cannot say (a BigInt, a loop) make no copy, and never throw', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(workbookOrders(book([['B1', 10n]]))).toBe(
      JSON.stringify([[['B1', '10n']], [], null, null, null]),
    );
    expect(workbookOrders(book([['B1', loop]]))).toBeNull();
    const { clashes, copies } = sealedIdClashes([
      { file: 'a', seal, fought: [b1], orders: null },
      { file: 'b', seal, fought: [b1], orders: null },
    ]);
    expect(copies).toEqual([]);
    expect(clashes).toEqual([{ id: 'B1', files: ['a', 'b'], game: 'Rome', turn: 3 }]);
  });
});
