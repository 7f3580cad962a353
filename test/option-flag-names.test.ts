import { withBareFlagsTrue } from '../headless/option-flags';
import { optionColumnWord } from '../src/option-columns';
import { optionFlagName } from '../src/option-flag';

test.each([
  ['hitOn', 'hit-on', 'hit on'],
  ['rounds', 'rounds', 'rounds'],
  ['leaderWinExperience', 'leader-win-experience', 'leader win experience'],
  ['pcBoonCap', 'pc-boon-cap', 'pc boon cap'],
  ['rollD6Twice', 'roll-d6-twice', 'roll d6 twice'],
  // Capitals in a row are one word; a key may start with one.
  ['URLMode', 'url-mode', 'url mode'],
  ['HitOn', 'hit-on', 'hit on'],
  ['maxHP', 'max-hp', 'max hp'],
])('option %s is the flag --%s and the column "%s"', (key, flag, column) => {
  expect(optionFlagName(key)).toBe(flag);
  expect(optionColumnWord(key)).toBe(column);
});

describe('withBareFlagsTrue', () => {
  const flags = [{ flag: 'open-field', key: 'openField', rules: ['toy'] }];

  it('gives a flag alone the value true, before another flag or at the end', () => {
    expect(withBareFlagsTrue(['--open-field', '--seed', 'x'], flags)).toEqual([
      '--open-field',
      'true',
      '--seed',
      'x',
    ]);
    expect(withBareFlagsTrue(['--open-field'], flags)).toEqual(['--open-field', 'true']);
    expect(withBareFlagsTrue(['--open-field', 'no'], flags)).toEqual(['--open-field', 'no']);
  });

  it('leaves everything after -- as it is', () => {
    expect(withBareFlagsTrue(['--open-field', '--', '--open-field'], flags)).toEqual([
      '--open-field',
      'true',
      '--',
      '--open-field',
    ]);
  });
});
