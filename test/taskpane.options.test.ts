import { findRuleset } from '../src/rulesets';
import { resolveOne, showOdds } from '../taskpane/actions';
import { WorkbookHost } from '../taskpane/host';
import { PaneInput } from '../taskpane/input';
import { coreOdds } from '../taskpane/odds';
import { paneOptions, rulesetFields } from '../taskpane/option-fields';
import { paneInput, submissionWorkbook } from './sim/fixtures';
import { SimFixture, SimWorkbook } from './sim/model';
import { removeSim } from './sim/office';
import { openSim } from './sim/open';

/**
 * The Options follow the ruleset chosen: only the boxes its option keys name are shown and
 * sent, Fortification offers its own choices, and More options gives its other keys.
 */

let model: SimWorkbook;

async function open(fixture: SimFixture): Promise<WorkbookHost> {
  const sim = await openSim(fixture);
  model = sim.model;
  return sim.host;
}

afterEach(() => removeSim(globalThis));

const ruleset = (id: string) => findRuleset(id)!;
const NO_OPTIONS = { sea: false, fort: '', breachBy: '', retreat: '', rounds: '' };
const withOptions = (rules: string, options: Partial<PaneInput['options']>, more = {}) =>
  paneInput({ rules, options: { ...NO_OPTIONS, ...options }, ...more });

/** Two fleets side by side: Terran at A1, Imperial at D1. */
const FLEETS = [
  ['Leader', 'Terran', '', 'Leader', 'Imperial'],
  ['DD', 2, '', 'CR', 1],
];
const fleets = () => submissionWorkbook({ sheets: [{ name: 'Fleets', rows: FLEETS }] });
const imperium = (options: Partial<PaneInput['options']>) =>
  withOptions('imperium', options, { attacker: 'Fleets!A1:B2', defender: 'Fleets!D1:E2' });

describe('the fields each ruleset shows', () => {
  test.each([
    ['cote-pbem', ['fort', 'breach-by', 'sea', 'retreat', 'rounds'], []],
    ['cote-online', ['fort', 'mode', 'rounds'], []],
    [
      'imperium',
      ['rounds'],
      ['combat', 'range', 'planet', 'units', 'attackerOrders', 'defenderOrders'],
    ],
    ['legion-battles', ['rounds'], expect.arrayContaining(['clashes', 'shakenAt', 'legionPila'])],
  ])('%s', (id, fields, more) => {
    expect(rulesetFields(ruleset(id))).toMatchObject({ fields, more });
  });

  test("cote-online's Fortification is yes or no; cote-pbem's counts wall hit points", () => {
    expect(rulesetFields(ruleset('cote-online')).fortChoices.map((c) => c.value)).toEqual([
      '',
      'yes',
    ]);
    expect(rulesetFields(ruleset('cote-pbem')).fortChoices.map((c) => c.value)).toEqual([
      '',
      '1',
      '2',
    ]);
  });
});

describe('the options sent', () => {
  test('a box the ruleset does not take is not sent', () => {
    const all = { sea: true, fort: '2', breachBy: 'catapult', retreat: 'lost >= 1', rounds: '3' };
    const input = withOptions('imperium', { ...all, mode: 'hit-and-run' });
    expect(paneOptions(input, ruleset('imperium'))).toEqual({ ok: true, value: { rounds: '3' } });
    const pbem = withOptions('cote-pbem', {
      mode: 'hit-and-run',
      rounds: '2',
      more: 'range=short',
    });
    expect(paneOptions(pbem, ruleset('cote-pbem'))).toEqual({ ok: true, value: { rounds: '2' } });
  });

  test('More options gives the other keys, in any case, separated by ";" or new lines', () => {
    const input = imperium({ more: 'Combat = space;\nattackerOrders=range=close, split=auto ;' });
    expect(paneOptions(input, ruleset('imperium'))).toEqual({
      ok: true,
      value: { combat: 'space', attackerOrders: 'range=close, split=auto' },
    });
  });

  test.each([
    ['combat', 'More options: “combat” is not key=value (such as combat=…)'],
    [
      'fort=1',
      'More options: “fort” is not an option of imperium (its others: combat, range, planet, units, attackerOrders, defenderOrders)',
    ],
    ['rounds=2', 'More options: “rounds” has a field of its own: use Pause after rounds'],
    ['range=short; range=long', 'More options: range is given twice'],
    ['planet=', 'More options: “planet=” gives planet no value'],
  ])('More options "%s" is refused, naming the field and the part', (more, error) => {
    expect(paneOptions(imperium({ more }), ruleset('imperium'))).toEqual({ ok: false, error });
  });
});

describe('Resolve with the options of each ruleset', () => {
  test('cote-pbem with a Mode left over from cote-online is fought, the mode not sent', async () => {
    const host = await open(submissionWorkbook());
    const report = await resolveOne(host, withOptions('cote-pbem', { mode: 'hit-and-run' }));
    expect(report.tone).toBe('success');
    expect(model.sheet('Log B1')!.grid()[1][0]).toBe(
      'Options: sea=false, fort=0, breachBy=any, retreat=-, rounds=-',
    );
  });

  test("imperium: More options reach the battle; cote-pbem's boxes are not sent", async () => {
    const host = await open(fleets());
    const input = imperium({ fort: '1', sea: true, more: 'range=short; planet=defender' });
    const report = await resolveOne(host, input);
    expect(report.tone).toBe('success');
    expect(String(model.sheet('Log B1')!.grid()[1][0])).toMatch(
      /^Options: combat=space, range=short, planet=defender, /,
    );
  });

  test('cote-online: a fortified city, yes', async () => {
    const host = await open(submissionWorkbook());
    const report = await resolveOne(host, withOptions('cote-online', { fort: 'yes' }));
    expect(report.tone).toBe('success');
    expect(model.sheet('Log B1')!.grid()[1][0]).toBe(
      'Options: mode=fight-to-the-death, fort=true, rounds=-',
    );
  });

  test('a bad More options is refused before Excel is asked', async () => {
    const host = await open(fleets());
    const report = await resolveOne(host, imperium({ more: 'speed=3' }));
    expect(report).toMatchObject({
      tone: 'error',
      message: expect.stringMatching(/^More options/),
    });
    expect(model.syncCount).toBe(0);
  });

  test('fortunes-of-war: Resolve and Odds say to use Resolve all, before Excel is asked', async () => {
    const host = await open(submissionWorkbook());
    const input = withOptions('fortunes-of-war', {});
    const message =
      'fortunes-of-war battles need their Armies sheet (each side’s ratings), which Resolve and Odds do not read: write the battle in the Battles, Legions and Armies sheets, and use Resolve all.';
    expect(await resolveOne(host, input)).toEqual({ tone: 'error', message, details: [] });
    expect(await showOdds(host, input, coreOdds)).toEqual({ tone: 'error', message, details: [] });
    expect(model.syncCount).toBe(0);
  });
});
