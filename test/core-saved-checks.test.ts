import { endError, firstError, shapeError, unitsError, wholeError } from '../src/saved-checks';
import { shownValue } from '../src/shown-text';

/** The checks of a saved battle read back from a file: each names the field at fault. */

describe('shownValue', () => {
  it('shows JSON, missing for undefined, and cuts past 40 characters', () => {
    expect(shownValue(undefined)).toBe('missing');
    expect(shownValue('abc')).toBe('"abc"');
    expect(shownValue({ a: [1, null] })).toBe('{"a":[1,null]}');
    // JSON would write these as null, and say nothing of what is wrong.
    expect(shownValue(Infinity)).toBe('Infinity');
    expect(shownValue(NaN)).toBe('NaN');
    const forty = 'x'.repeat(38); // 40 characters with its quotes: shown whole
    expect(shownValue(forty)).toBe(`"${forty}"`);
    expect(shownValue('x'.repeat(39))).toBe(`"${'x'.repeat(36)}...`);
    expect(shownValue('x'.repeat(39))).toHaveLength(40);
  });
});

describe('shapeError: a value against a fresh state of the same battle', () => {
  const template = { round: 0, hp: [3, 'full'], end: null, unit: { name: 'a', arrows: 4 } };
  const fine = {
    round: 2,
    hp: [1, 'worn', 'half'],
    end: { outcome: 'x' },
    unit: { name: 'b', arrows: 0 },
  };

  it('takes the same kinds of value at every path, a null where the template has one', () => {
    expect(shapeError(template, fine, 'state')).toBeNull();
    // A number may be null (arrows: number | null).
    expect(
      shapeError(template, { ...fine, unit: { name: 'b', arrows: null } }, 'state'),
    ).toBeNull();
  });

  it('names a missing field, a wrong kind and a number that is not finite', () => {
    const { hp: _, ...noHp } = fine;
    expect(shapeError(template, noHp, 'state')).toBe('state.hp is missing, expected a list');
    expect(shapeError(template, { ...fine, unit: [] }, 'state')).toBe(
      'state.unit is [], expected an object',
    );
    expect(shapeError(template, { ...fine, round: 'x' }, 'state')).toBe(
      'state.round is "x", expected a whole number',
    );
    expect(shapeError(template, { ...fine, round: Infinity }, 'state')).toMatch(
      /^state\.round is .*, expected a finite number$/,
    );
  });

  it("compares list items with the template's item at the same index, else its last", () => {
    expect(shapeError(template, { ...fine, hp: ['worn'] }, 'state')).toBe(
      'state.hp[0] is "worn", expected a whole number',
    );
    expect(shapeError(template, { ...fine, hp: [1, 'worn', 3] }, 'state')).toBe(
      'state.hp[2] is 3, expected text',
    );
  });
});

describe('wholeError, endError, firstError', () => {
  it('wholeError takes min and max themselves, nothing beyond, and only whole numbers', () => {
    expect(wholeError(0, 'p', 0, 5)).toBeNull();
    expect(wholeError(5, 'p', 0, 5)).toBeNull();
    expect(wholeError(6, 'p', 0, 5)).toBe('p is 6, expected a whole number from 0 to 5');
    expect(wholeError(-1, 'p', 0, 5)).toBe('p is -1, expected a whole number from 0 to 5');
    expect(wholeError(1.5, 'p', 0, 5)).toBe('p is 1.5, expected a whole number from 0 to 5');
    expect(wholeError('2', 'p', 0, 5)).toBe('p is "2", expected a whole number from 0 to 5');
  });

  it('endError checks the outcome and the winner', () => {
    const outcomes = ['eliminated', 'retreat'];
    expect(endError(null, 'state.end', outcomes)).toBeNull();
    expect(endError({ outcome: 'retreat', winner: 'defender' }, 'state.end', outcomes)).toBeNull();
    expect(endError({ outcome: 'retreat', winner: null }, 'state.end', outcomes)).toBeNull();
    expect(endError({ outcome: 'fled', winner: null }, 'state.end', outcomes)).toBe(
      'state.end.outcome is "fled", expected one of "eliminated", "retreat"',
    );
    expect(endError({ outcome: 'retreat', winner: 'nobody' }, 'state.end', outcomes)).toBe(
      'state.end.winner is "nobody", expected one of "attacker", "defender", null',
    );
    expect(endError([], 'state.end', outcomes)).toBe(
      'state.end is [], expected null or { outcome, winner }',
    );
  });

  it('firstError gives the first error of the list, or ok', () => {
    expect(firstError(null, 'b', 'c')).toEqual({ ok: false, error: 'b' });
    expect(firstError(null, null)).toEqual({ ok: true, value: true });
  });
});

describe('unitsError', () => {
  type Unit = { code: string; hp: number };
  const start: Unit[] = [
    { code: 'DD', hp: 3 },
    { code: 'CA', hp: 5 },
  ];
  const hpError = (u: Unit, begun: Unit, path: string) =>
    wholeError(u.hp, `${path}.hp`, 0, begun.hp);

  it('takes units as many as at the start, their fixed fields unchanged', () => {
    expect(
      unitsError(
        [
          { code: 'DD', hp: 0 },
          { code: 'CA', hp: 5 },
        ],
        start,
        ['code'],
        hpError,
      ),
    ).toBeNull();
  });

  it('refuses fewer or more units than at the start', () => {
    expect(unitsError(start.slice(1), start, ['code'], hpError)).toBe(
      'state.units lists 1 units; the forces have 2',
    );
    expect(unitsError([...start, start[0]], start, ['code'], hpError)).toBe(
      'state.units lists 3 units; the forces have 2',
    );
  });

  it('names a fixed field changed, then what each unit may not become', () => {
    expect(unitsError([start[0], { code: 'BB', hp: 5 }], start, ['code'], hpError)).toBe(
      'state.units[1].code is "BB", expected "CA"',
    );
    expect(unitsError([start[0], { code: 'CA', hp: 6 }], start, ['code'], hpError)).toBe(
      'state.units[1].hp is 6, expected a whole number from 0 to 5',
    );
  });
});
