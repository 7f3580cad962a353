import { isAsked } from '../headless/report/battle-choice';

describe('report --battle: which battles are asked for', () => {
  const source = { path: '/turn/alba.praetor.xlsx' };

  it('names a battle by its id in any case, as the workbook tells ids apart', () => {
    expect(isAsked({ id: 'Gallia', source }, 'GALLIA')).toBe(true);
    expect(isAsked({ id: 'οσ', source }, 'ΟΣ')).toBe(true);
    expect(isAsked({ id: 'Straße', source }, 'Strasse')).toBe(false);
    expect(isAsked({ id: 'Kırk', source }, 'KIRK')).toBe(false);
    expect(isAsked({ id: 'Gallia', source }, 'Galli')).toBe(false);
  });

  it('names it as FILE:ID, and an id holding a colon whole', () => {
    expect(isAsked({ id: 'οσ', source }, 'alba.praetor.xlsx:ΟΣ')).toBe(true);
    expect(isAsked({ id: 'οσ', source }, 'gallia.praetor.xlsx:ΟΣ')).toBe(false);
    expect(isAsked({ id: 'Gallia:1', source }, 'gallia:1')).toBe(true);
  });
});
