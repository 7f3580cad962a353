import { fileLabels } from '../headless/file-labels';

describe('fileLabels', () => {
  it('names a file by its name alone when no other input shares it', () => {
    expect([...fileLabels(['/in/a.xlsx', '/in/sub/b.xlsx']).values()]).toEqual([
      'a.xlsx',
      'b.xlsx',
    ]);
  });

  it('adds as many folders as tell files of one name apart, and no more for the others', () => {
    const inputs = [
      '/turn/alba/orders.xlsx',
      '/turn/gallia/orders.xlsx',
      '/old/gallia/orders.xlsx',
      '/turn/notes.xlsx',
    ];
    const labels = fileLabels(inputs);
    expect(inputs.map((i) => labels.get(i))).toEqual([
      'alba/orders.xlsx',
      'turn/gallia/orders.xlsx',
      'old/gallia/orders.xlsx',
      'notes.xlsx',
    ]);
  });

  it('ends with the whole path when one path is the tail of another', () => {
    const labels = fileLabels(['x/a.xlsx', '/y/x/a.xlsx']);
    expect(labels.get('x/a.xlsx')).toBe('x/a.xlsx');
    expect(labels.get('/y/x/a.xlsx')).toBe('y/x/a.xlsx');
  });
});
