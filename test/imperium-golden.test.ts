import { eventDice } from '../src/rulesets/imperium';
import { fight, groups } from './helpers/imperium';

/**
 * The seed's worked example (shared/seeds/003_d9b081fcba93ab0e.txt, shared/spec/imperium.md):
 * two Terran DDs against an Imperial CR at short range, Terran initiative. The dice in the
 * order the spec fixes: the initiative holder's beams (DD#1 1 6, DD#2 5 6), the CR's beams
 * (2 5 5 6), then torpedoes, each attack's dice before the target's countermeasures: DD#2 5,
 * the CR's countermeasure 4; the CR's 5 5 6, DD#2's countermeasures 3 5.
 */
const DICE = [1, 6, 5, 6, 2, 5, 5, 6, 5, 4, 5, 5, 6, 3, 5];

describe('the seed: two Terran DDs against an Imperial CR', () => {
  const r = fight({
    attacker: 'Terran: 2 DD',
    defender: 'Imperial: 1 CR',
    range: 'short',
    dice: DICE,
  });

  it('replays die for die as the worked example tells it', () => {
    expect(groups(r)).toEqual([
      '1 A beam DD#1>CR#1 [1 6] cm[] no effect',
      '1 A beam DD#2>CR#1 [5 6] cm[] damaged',
      '1 D beam CR#1>DD#1 [2 5 5 6] cm[] destroyed',
      '1 A torpedo DD#2>CR#1 [5] cm[4] destroyed',
      '1 D torpedo CR#1>DD#2 [5 5 6] cm[3 5] damaged',
    ]);
  });

  it('ends with the damaged DD#2 alone, every die used once', () => {
    expect(r.outcome).toBe('eliminated');
    expect(r.winner).toBe('attacker');
    expect(r.rounds).toBe(1);
    expect(r.attacker).toEqual({ 'DD*': 1 });
    expect(r.defender).toEqual({});
    expect(r.diceUsed).toBe(DICE.length);
    expect(r.events.flatMap(eventDice)).toEqual(DICE);
  });

  it('logs the details of each die group: hits, countermeasures, screen', () => {
    const torpedo = r.events.find(
      (e) => e.kind === 'fire' && e.step === 'torpedo' && e.side === 'defender',
    );
    expect(torpedo).toMatchObject({ hits: 3, cmDice: [3, 5], cancelled: 1, screen: 1 });
    const beam = r.events.find((e) => e.kind === 'fire' && e.unit === 'DD#1');
    expect(beam).toMatchObject({ hits: 1, screen: 2, result: 'no effect' });
  });

  it('in the other order of fire the CR is damaged by the first DD and destroyed by the second', () => {
    const swapped = fight({
      attacker: 'Terran: 2 DD',
      defender: 'Imperial: 1 CR',
      range: 'short',
      dice: [5, 6, 1, 6, 2, 5, 5, 6, 5, 3, 5, 5, 6, 3, 5],
    });
    expect(groups(swapped).slice(0, 2)).toEqual([
      '1 A beam DD#1>CR#1 [5 6] cm[] damaged',
      '1 A beam DD#2>CR#1 [1 6] cm[] destroyed',
    ]);
  });
});
