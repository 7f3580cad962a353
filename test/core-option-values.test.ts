import {
  MAX_PAUSE_ROUNDS,
  pauseRounds,
  unknownOptionsError,
  wholeOption,
  yesNo,
} from '../src/option-values';
import { findRuleset } from '../src/rulesets';
import { describeCatalog, unitCode } from '../src/units';

/** Option values as users write them: CLI flags, JSON, sheet cells. */

describe('yesNo', () => {
  it('reads yes and no words in any case and with spaces around; blank is no', () => {
    for (const v of ['yes', ' Yes ', 'Y', 'TRUE', '1', 1, true])
      expect(yesNo(v, 'sea')).toEqual({ ok: true, value: true });
    for (const v of ['no', ' No', 'n', 'false', '0', 0, false, '', '  ', null, undefined]) {
      expect(yesNo(v, 'sea')).toEqual({ ok: true, value: false });
    }
  });

  it('reads a number typed as text as the number: 1.0 is yes, 0.0 is no, 2 is neither', () => {
    expect([' 1.0 ', '+1', '0.0', '-0'].map((v) => yesNo(v, 'fort'))).toEqual(
      [true, true, false, false].map((value) => ({ ok: true, value })),
    );
    expect(yesNo('2', 'fort')).toEqual({ ok: false, error: 'fort is "2": expected yes or no' });
    expect(yesNo('1.5', 'fort').ok).toBe(false);
  });

  it("takes an option's own words, and names the option and the words in its error", () => {
    const more = { yes: ['sea'], no: ['land'], hint: 'or sea / land' };
    expect(yesNo(' Sea ', 'sea', more)).toEqual({ ok: true, value: true });
    expect(yesNo('land', 'sea', more)).toEqual({ ok: true, value: false });
    expect(yesNo('maybe', 'sea', more)).toEqual({
      ok: false,
      error: 'sea is "maybe": expected yes or no (or sea / land)',
    });
  });
});

describe('wholeOption', () => {
  const fort = (v: unknown) => wholeOption(v, 'fort', 0, 2, 1);

  it('takes lo and hi themselves, as numbers or plain decimal text; blank is the default', () => {
    expect([0, 2, '0', ' 2 ', '2.0'].map(fort)).toEqual(
      [0, 2, 0, 2, 2].map((value) => ({ ok: true, value })),
    );
    expect(['', '   ', null, undefined].map(fort)).toEqual(
      [1, 1, 1, 1].map((value) => ({ ok: true, value })),
    );
  });

  it('refuses beyond the range, fractions and loose numbers, naming the option and the range', () => {
    for (const v of [3, -1, '3', 1.5, '1e0', '0x1', 'two', true]) {
      expect(fort(v)).toEqual({
        ok: false,
        error: `fort is "${String(v)}": expected a whole number from 0 to 2`,
      });
    }
  });
});

describe('pauseRounds', () => {
  it('takes 1 to 10,000 rounds, blank for no pause', () => {
    expect(MAX_PAUSE_ROUNDS).toBe(10_000);
    // Numbers typed as text are plain decimals, as in every other cell (docs/workbook.md).
    expect([1, 10_000, '10000', ' 3 ', '2.0', '+2'].map(pauseRounds)).toEqual(
      [1, 10_000, 10_000, 3, 2, 2].map((value) => ({ ok: true, value })),
    );
    expect(['', null, undefined].map(pauseRounds)).toEqual(
      [null, null, null].map((value) => ({ ok: true, value })),
    );
  });

  it('refuses 0, 10,001, fractions, negatives and loose numbers, in words a user reads', () => {
    for (const v of [0, 10_001, '10001', 2.5, '2.5', '-1', '0x2', '1e3', '-0']) {
      expect(pauseRounds(v)).toEqual({
        ok: false,
        error: `rounds is "${String(v)}": expected a whole number of rounds from 1 to 10,000`,
      });
    }
  });
});

describe('unknownOptionsError', () => {
  const known = ['sea', 'fort'];

  it('names every unknown option, and the known ones; undefined values are not given', () => {
    expect(unknownOptionsError({ sea: 1, fort: undefined, x: undefined }, known)).toBeNull();
    expect(
      unknownOptionsError({ sea: 1, brech: 'cat', mode: '' }, known, undefined, 'cote-pbem'),
    ).toBe('unknown option "brech", "mode" for cote-pbem (known: sea, fort)');
    expect(unknownOptionsError({ brech: 'cat' }, known)).toBe(
      'unknown option "brech" (known: sea, fort)',
    );
  });

  it('leaves out what `ignore` says to', () => {
    const ignore = (key: string) => key.startsWith('_');
    expect(unknownOptionsError({ _note: 'x', sea: 1 }, known, ignore)).toBeNull();
  });
});

describe('unitCode', () => {
  const imperium = findRuleset('imperium')!.units;
  const pbem = findRuleset('cote-pbem')!.units;

  it('finds a code by code, name or alias, in any case and spacing', () => {
    expect(unitCode(pbem, 'inf')).toBe('INF');
    expect(unitCode(pbem, ' Foot ')).toBe('INF');
    expect(unitCode(pbem, 'CAVALRYMEN')).toBe('CAV');
    expect(unitCode(imperium, 'heavy   CRUISER')).toBe('CA');
    expect(unitCode(imperium, 'Heavy\ncruiser (damaged)')).toBe('CA*');
    expect(unitCode(pbem, 'Dragon')).toBeUndefined();
  });

  it('describes a catalog as names with codes', () => {
    expect(describeCatalog(pbem)).toBe(
      'Catapult (CAT), Cavalry (CAV), Infantry (INF), Galley (GAL)',
    );
  });
});
