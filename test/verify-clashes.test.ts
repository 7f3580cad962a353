import { sealedIdClashes } from '../src/verify-clashes';

/** The id check across a sealed turn's workbooks (src/verify-clashes.ts), without files. */

const seal = { game: 'Rome', turn: 3, commitment: 'c'.repeat(64) };
const other = { ...seal, turn: 4 };

describe('copies and clashes', () => {
  it('workbooks with the same battles are copies; one with other battles clashes on a shared id', () => {
    const { clashes, copies } = sealedIdClashes([
      { file: 'a', seal, fought: ['B1'], battles: 'x' },
      { file: 'b', seal, fought: ['B1'], battles: 'x' },
      { file: 'c', seal, fought: ['B1'], battles: 'y' },
    ]);
    expect(copies).toEqual([{ files: ['a', 'b'], game: 'Rome', turn: 3 }]);
    expect(clashes).toEqual([{ id: 'B1', files: ['a', 'c'], game: 'Rome', turn: 3 }]);
  });

  it('another seal is another turn: no copy and no clash; a workbook that fought nothing copies none', () => {
    const { clashes, copies } = sealedIdClashes([
      { file: 'a', seal, fought: ['B1'], battles: 'x' },
      { file: 'b', seal: other, fought: ['B1'], battles: 'x' },
      { file: 'c', seal, fought: [], battles: 'z' },
      { file: 'd', seal, fought: [], battles: 'z' },
    ]);
    expect([clashes, copies]).toEqual([[], []]);
  });
});
