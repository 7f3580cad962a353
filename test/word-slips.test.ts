import { nearestName } from '../src/word-slips';

describe('nearestName: the one battle id a mistyped one is likely for', () => {
  it.each<[string, string[], string | null]>([
    // The same letters and digits, whatever the case, spaces and marks.
    ['B 1', ['B1', 'B2'], 'B1'],
    ['b-1', ['B1', 'B2'], 'B1'],
    // One slip of the keys in an id of four letters or more, two in seven or more.
    ['Gregovia', ['Gergovia', 'Alesia'], 'Gergovia'],
    ['Galia', ['Gallia', 'Gallic'], 'Gallia'],
    ['Rom', ['Roma'], 'Roma'],
    ['Gregovai', ['Gergovia'], 'Gergovia'],
    ['Georgia', ['Gergovia'], null],
    ['Aleisa', ['Alesia'], 'Alesia'],
    ['Alsai', ['Alesia'], null],
    // In a short id one changed character is another id; its letters swapped are a slip.
    ['B2', ['B1'], null],
    ['Bb1', ['Bb2'], null],
    // A digit is never a slip: another number is another battle.
    ['B21', ['B12'], null],
    ['Turn5', ['Turn4'], null],
    ['B10', ['B100'], null],
    ['2024', ['2025'], null],
    ['Gallia-12', ['Gallia-13', 'Roma-1'], null],
    ['T3B10', ['T3B11', 'T3B2'], null],
    ['Galia-12', ['Gallia-12', 'Gallia-13'], 'Gallia-12'],
    ['Gergvoia 3', ['Gergovia 3', 'Gergovia 4'], 'Gergovia 3'],
    ['B9', ['B1', 'B2', 'B3'], null],
    // As near to two: neither is named; the same id twice is one.
    ['Alesia2', ['Alesia1', 'Alesia3'], null],
    ['Gregovia', ['Gergovia', 'Gergovia'], 'Gergovia'],
    ['', ['B1'], null],
    ['--', ['B1'], null],
  ])('%j among %j: %j', (word, names, expected) => {
    expect(nearestName(names)(word)).toBe(expected);
  });
});
