import { replayCommand } from '../src/report/replay';
import { praetor, shellWords } from './helpers/cli';
import { toyOptionsRead } from './helpers/toy-ruleset';

// A ruleset registered in the test alone: its options have no flag written for them.
jest.mock('../src/rulesets', () =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('./helpers/toy-ruleset').withToy(jest.requireActual('../src/rulesets')),
);

const TOY = ['--rules', 'toy', '--attacker', '2 INF, 1 CAT', '--defender', '4 INF'];

describe("a ruleset's options that no flag gives", () => {
  beforeEach(() => {
    toyOptionsRead.length = 0;
  });

  it('are flags named after them, read by its parseOptions', async () => {
    const { code, out, err } = await praetor(
      'battle',
      ...TOY,
      '--hit-on',
      '5',
      '--open-field',
      '--seed',
      'toy',
      '--json',
    );
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(toyOptionsRead.at(-1)).toMatchObject({ hitOn: '5', openField: 'true' });
    expect(JSON.parse(out).options).toMatchObject({ hitOn: 5, openField: true });
  });

  it('reach the ruleset in praetor odds too, its error included', async () => {
    const { code, err } = await praetor('odds', ...TOY, '--hit-on', '9');
    expect(code).toBe(1);
    expect(err).toContain('hitOn is');
    expect(toyOptionsRead.at(-1)).toMatchObject({ hitOn: '9' });
  });

  it.each(['battle', 'odds'])(
    'are in praetor %s --help, with optionHelp or a plain line',
    async (cmd) => {
      const { out } = await praetor(cmd, '--help');
      expect(out).toContain(
        '  --hit-on VALUE        toy: the die a unit hits on, 1 to 6 (default 4)\n' +
          '  --open-field VALUE    toy: its option openField\n',
      );
    },
  );

  it('run the replay line a report prints to the same battle', async () => {
    const first = await praetor(
      'battle',
      ...TOY,
      '--hit-on',
      '2',
      '--open-field',
      'yes',
      '--seed',
      'r',
      '--json',
    );
    expect(first.code).toBe(0);
    const result = JSON.parse(first.out);
    const line = replayCommand(result);
    expect(line).toContain('--rules toy');
    expect(line).toContain('--hit-on "2" --open-field');
    const replay = await praetor(...shellWords(line).slice(2), '--json');
    expect(replay.err).toBe('');
    expect(JSON.parse(replay.out)).toEqual(result);
  });
});
