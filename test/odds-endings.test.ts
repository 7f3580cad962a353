import { OddsResult } from '../src/odds';
import { oddsEndings } from '../src/odds-endings';
import { findRuleset } from '../src/rulesets';
import { oddsLines } from '../taskpane/odds';

/** The endings an odds summary shows: the CLI's lines, the pane's and the report's table. */

const odds = (id: string, p: Partial<OddsResult>): OddsResult =>
  ({
    ruleset: { id, version: 'x' },
    attackerWins: 0.5,
    defenderWins: 0.5,
    attackerRetreats: 0,
    undecided: 0,
    expectedRounds: 2,
    method: 'exact',
    ...p,
  }) as OddsResult;

const shown = (o: OddsResult) =>
  oddsEndings(o, findRuleset(o.ruleset.id)).map((e) => `${e.label} ${e.p}`);

describe('oddsEndings', () => {
  it('shows a retreat of none only where the rules take a retreat order (cote-pbem)', () => {
    expect(shown(odds('cote-pbem', {}))).toEqual([
      'Attacker wins 0.5',
      'Defender wins 0.5',
      'Attacker retreats 0',
    ]);
    expect(shown(odds('fortunes-of-war', {}))).toEqual(['Attacker wins 0.5', 'Defender wins 0.5']);
    const hitAndRun = odds('cote-online', { attackerWins: 0.2, attackerRetreats: 0.3 });
    expect(shown(hitAndRun)).toEqual([
      'Attacker wins 0.2',
      'Defender wins 0.5',
      'Attacker retreats 0.3',
    ]);
  });

  it("names the ending with no victor by the rules' own word, when it happens", () => {
    const some = { attackerWins: 0.4, defenderWins: 0.4, undecided: 0.2 };
    expect(shown(odds('fortunes-of-war', some)).at(-1)).toBe('No victor 0.2');
    expect(shown(odds('cote-online', some)).at(-1)).toBe('Mutual 0.2');
    expect(shown(odds('legion-battles', some)).at(-1)).toBe(
      'No winner (standing, withdrawn or mutual) 0.2',
    );
  });

  it('gives the pane the same lines, with their standard errors when estimated', () => {
    const estimated = odds('fortunes-of-war', {
      attackerWins: 0.4,
      defenderWins: 0.4,
      undecided: 0.2,
      method: 'montecarlo',
      runs: 100,
      standardErrors: { attackerWins: 0.01, defenderWins: 0.01, undecided: 0.005 },
    } as Partial<OddsResult>);
    expect(oddsLines(estimated).slice(0, 3)).toEqual([
      'Attacker wins: 40.0% ± 1.0%',
      'Defender wins: 40.0% ± 1.0%',
      'No victor: 20.0% ± 0.5%',
    ]);
    expect(oddsLines(odds('cote-pbem', {})).slice(0, 3)).toEqual([
      'Attacker wins: 50.0%',
      'Defender wins: 50.0%',
      'Attacker retreats: 0.0%',
    ]);
  });
});
