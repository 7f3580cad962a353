import { Page } from 'playwright-core';
import { coreLog, logCells } from './sim/expected';
import { submissionWorkbook, unseededWorkbook } from './sim/fixtures';
import { SimFixture, SimWorkbook } from './sim/model';
import { describeInBrowser, panePages, paneStatus, sheetGrid } from './sim/pane-page';

/**
 * The pane's UI glue (form.ts, pane.ts, taskpane.ts, taskpane.html) in headless Chromium
 * against the simulated Excel host, as in taskpane.e2e.test.ts: every option box reaches the
 * battle, the buttons wait while Excel works, and every failure is shown in the status area.
 * Skipped only off CI when /usr/bin/chromium is missing.
 */

jest.setTimeout(60_000);

const BUTTONS = [
  'resolve',
  'resolve-all',
  'verify',
  'odds',
  'attacker-pick',
  'defender-pick',
  'key-load',
  'key-forget',
];

describeInBrowser('the taskpane UI in a browser', () => {
  const pages = panePages();
  const loadPane = (fixture: SimFixture) => pages.load(fixture);
  const openPane = (fixture?: SimFixture) => pages.open(fixture);
  const status = paneStatus;

  const node = SimWorkbook.from(submissionWorkbook());
  const taken = node.sheets.map((s) => s.name);

  async function fillRosters(page: Page, id: string): Promise<void> {
    await page.fill('#battle-id', id);
    await page.fill('#attacker', 'Rosters!A1:B5');
    await page.fill('#defender', 'Rosters!D1:E3');
  }

  test('the option boxes reach the battle: fortification, breach by, retreat, rounds', async () => {
    const page = await openPane();
    await fillRosters(page, 'O1');
    await page.selectOption('#fort', '2');
    await page.selectOption('#breach-by', 'catapult');
    await page.fill('#retreat', 'units <= 3');
    await page.fill('#rounds', '2');
    await page.fill('#seed', 'alpha');
    await page.click('#resolve');
    expect((await status(page)).tone).toBe('success');
    const options = { fort: '2', breachBy: 'catapult', retreat: 'units <= 3', rounds: '2' };
    const expected = coreLog(
      node,
      'Rosters!A1:B5',
      'Rosters!D1:E3',
      { id: 'O1', seed: 'alpha', options },
      taken,
    );
    expect(await sheetGrid(page, 'Log O1')).toEqual(logCells(expected));
    await page.close();
  });

  test('Sea battle ticked: legions without galleys are refused, in the status area', async () => {
    const page = await openPane();
    await fillRosters(page, 'S1');
    await page.check('#sea');
    await page.fill('#seed', 'alpha');
    await page.click('#resolve');
    const shown = await status(page);
    expect(shown.tone).toBe('error');
    expect(shown.text).toContain('at sea every legion needs at least one galley');
    expect(await sheetGrid(page, 'Log S1')).toBeNull();
    await page.close();
  });

  test('the ruleset and its mode reach the battle (cote-online, hit and run)', async () => {
    const page = await openPane();
    await fillRosters(page, 'M1');
    await page.selectOption('#rules', 'cote-online');
    await page.selectOption('#mode', 'hit-and-run');
    await page.fill('#seed', 'alpha');
    await page.click('#resolve');
    expect((await status(page)).tone).toBe('success');
    const grid = (await sheetGrid(page, 'Log M1'))!;
    expect(String(grid[0][0])).toContain('cote-online');
    expect(String(grid[1][0])).toContain('mode=hit-and-run');
    await page.close();
  });

  test('the Options follow the ruleset: its own boxes, its fort choices, More options', async () => {
    const page = await openPane();
    const shown = () =>
      page.evaluate(() =>
        ['fort', 'breach-by', 'sea', 'retreat', 'mode', 'rounds', 'more'].filter(
          (f) => !document.getElementById(`${f}-field`)!.hidden,
        ),
      );
    const fortChoices = () => page.$$eval('#fort option', (os) => os.map((o) => o.textContent));
    expect(await shown()).toEqual(['fort', 'breach-by', 'sea', 'retreat', 'rounds']);
    await page.selectOption('#rules', 'cote-online');
    expect(await shown()).toEqual(['fort', 'mode', 'rounds']);
    expect(await fortChoices()).toEqual(['No', 'Fortified city (one extra Artillery)']);
    await page.selectOption('#mode', 'hit-and-run');
    await page.selectOption('#rules', 'imperium');
    expect(await shown()).toEqual(['rounds', 'more']);
    expect(await page.textContent('#more-hint')).toContain(
      'combat, range, planet, units, attackerOrders, defenderOrders',
    );
    await page.selectOption('#rules', 'cote-pbem');
    expect(await fortChoices()).toEqual(['None', '1 wall hit point', '2 wall hit points']);
    // The hidden Mode, still hit-and-run, is not sent to cote-pbem.
    await fillRosters(page, 'P1');
    await page.fill('#seed', 'alpha');
    await page.click('#resolve');
    expect((await status(page)).tone).toBe('success');
    expect((await sheetGrid(page, 'Log P1'))![1][0]).toBe(
      'Options: sea=false, fort=0, breachBy=any, retreat=-, rounds=-',
    );
    await page.close();
  });

  test('a mistyped number (3-, 1e, --2) is refused, naming its box, which gets the focus', async () => {
    const page = await openPane();
    await fillRosters(page, 'N1');
    await page.fill('#seed', 'alpha');
    for (const typed of ['3-', '1e', '--2']) {
      await page.fill('#rounds', '');
      await page.focus('#rounds');
      await page.keyboard.type(typed);
      for (const button of ['#resolve', '#odds']) {
        await page.evaluate(() => (document.getElementById('status')!.dataset.tone = 'idle'));
        await page.click(button);
        const shown = await status(page);
        expect(shown.tone).toBe('error');
        expect(shown.text).toContain('Pause after rounds: what is typed there is not a number');
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('rounds');
        expect(await page.getAttribute('#rounds', 'aria-invalid')).toBe('true');
      }
    }
    expect(await sheetGrid(page, 'Log N1')).toBeNull();
    // Fixed, the mark goes; the battle pauses after the rounds typed.
    await page.fill('#rounds', '1');
    expect(await page.getAttribute('#rounds', 'aria-invalid')).toBeNull();
    await page.click('#resolve');
    expect((await status(page)).tone).toBe('success');
    expect(String((await sheetGrid(page, 'Log N1'))![1][0])).toContain('rounds=1');
    await page.close();
  });

  test('a mistyped Turn with a key loaded: Resolve all refuses, naming Turn', async () => {
    const page = await openPane(unseededWorkbook());
    await page.fill('#seal-key', 'c3'.repeat(32));
    await page.click('#key-load');
    expect((await status(page)).tone).toBe('success');
    await page.fill('#seal-game', 'Rome');
    await page.focus('#seal-turn');
    await page.keyboard.type('3-');
    await page.click('#resolve-all');
    const shown = await status(page);
    expect(shown.tone).toBe('error');
    expect(shown.text).toContain('Turn: what is typed there is not a number');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('seal-turn');
    expect(await sheetGrid(page, 'Results')).toBeNull();
    await page.close();
  });

  test('Pasted rolls: the rolls box replaces the seed box, and its dice are used', async () => {
    const page = await openPane();
    expect(await page.isVisible('#seed')).toBe(true);
    expect(await page.isVisible('#rolls')).toBe(false);
    await page.fill('#seed', 'alpha'); // then hidden, and not used
    await page.check('input[name="dice-kind"][value="rolls"]');
    expect(await page.isVisible('#rolls')).toBe(true);
    expect(await page.isVisible('#seed')).toBe(false);
    await fillRosters(page, 'R1');
    const dice = new Array(80).fill('1').join(',');
    await page.fill('#rolls', dice);
    await page.click('#resolve');
    expect((await status(page)).tone).toBe('success');
    const expected = coreLog(node, 'Rosters!A1:B5', 'Rosters!D1:E3', { id: 'R1', dice }, taken);
    expect(await sheetGrid(page, 'Log R1')).toEqual(logCells(expected));
    await page.check('input[name="dice-kind"][value="seed"]');
    expect(await page.isVisible('#seed')).toBe(true);
    expect(await page.isVisible('#rolls')).toBe(false);
    await page.close();
  });

  test('while Excel works every button is disabled and the form is busy; then all come back', async () => {
    const page = await openPane();
    const during = await page.evaluate((ids) => {
      document.getElementById('resolve-all')!.click();
      return {
        disabled: ids.filter((id) => (document.getElementById(id) as HTMLButtonElement).disabled),
        busy: document.getElementById('battle-form')!.getAttribute('aria-busy'),
        tone: document.getElementById('status')!.dataset.tone,
      };
    }, BUTTONS);
    expect(during).toEqual({ disabled: BUTTONS, busy: 'true', tone: 'busy' });
    expect((await status(page)).tone).toBe('warning');
    const after = await page.evaluate(
      (ids) => ({
        disabled: ids.filter((id) => (document.getElementById(id) as HTMLButtonElement).disabled),
        busy: document.getElementById('battle-form')!.getAttribute('aria-busy'),
      }),
      BUTTONS,
    );
    expect(after).toEqual({ disabled: [], busy: 'false' });
    await page.close();
  });

  test('an unexpected failure is shown in the status area, and the buttons come back', async () => {
    const page = await openPane();
    await fillRosters(page, 'X1');
    await page.evaluate(() => document.getElementById('retreat')!.remove());
    await page.click('#resolve');
    const shown = await status(page);
    expect(shown.tone).toBe('error');
    expect(shown.text).toContain('Something went wrong');
    expect(shown.text).toContain('#retreat');
    expect(await page.isDisabled('#resolve')).toBe(false);
    await page.close();
  });

  test('Use selection with no selection: the error is shown; with one, the box gets focus', async () => {
    const page = await openPane({ ...submissionWorkbook(), selection: undefined });
    await page.click('#attacker-pick');
    const shown = await status(page);
    expect(shown.tone).toBe('error');
    expect(shown.text).toContain('Select one block of cells first');
    expect(await page.inputValue('#attacker')).toBe('');
    await page.close();

    const other = await openPane();
    await other.click('#attacker-pick');
    await expect(other.inputValue('#attacker')).resolves.toBe('Rosters!D1:E3');
    expect(await other.evaluate(() => document.activeElement?.id)).toBe('attacker');
    await other.close();
  });

  test('a long count of odds runs in a worker: the page stays alive, and Stop ends it', async () => {
    // Imperium has no exact solver: 20,000 battles of 40 ships a side take about 25 s.
    const fleets = [
      ['Leader', 'Terran', '', 'Leader', 'Imperial'],
      ['DD', 40, '', 'CR', 40],
    ];
    const page = await openPane(submissionWorkbook({ sheets: [{ name: 'Fleets', rows: fleets }] }));
    await page.fill('#battle-id', 'F1');
    await page.selectOption('#rules', 'imperium');
    await page.fill('#attacker', 'Fleets!A1:B2');
    await page.fill('#defender', 'Fleets!D1:E2');
    await page.fill('#seed', 'alpha');
    await page.click('#odds');
    await page.waitForSelector('#status[data-tone="busy"]');
    expect(await page.isVisible('#odds-stop')).toBe(true);
    expect(await page.isDisabled('#odds')).toBe(true);
    // The page's thread answers at once while the worker counts.
    const started = Date.now();
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(pages.requests.some((url) => url.endsWith('/odds-worker.js'))).toBe(true);
    await page.waitForSelector('#status-message:text-matches("Computing the odds… [1-9]0%")');
    await page.click('#odds-stop');
    const shown = await status(page);
    expect(shown.tone).toBe('warning');
    expect(shown.text).toContain('Stopped before the odds were known.');
    expect(await page.isVisible('#odds-stop')).toBe(false);
    expect(await page.isDisabled('#odds')).toBe(false);
    await page.close();
  });

  test('the two Use selection buttons have names of their own', async () => {
    const page = await openPane();
    const names = await page.evaluate(() =>
      ['attacker-pick', 'defender-pick'].map((id) =>
        document.getElementById(id)!.getAttribute('aria-label'),
      ),
    );
    expect(names).toEqual([
      'Use selection for the attacker roster',
      'Use selection for the defender roster',
    ]);
    await page.close();
  });

  test('an error is an alert, and the box at fault gets the focus and aria-invalid until changed', async () => {
    const page = await openPane();
    expect(await page.getAttribute('#status-alert', 'role')).toBe('alert');
    await page.fill('#attacker', 'Rosters!A1:B5');
    await page.fill('#defender', 'Rosters!A1:B2,Rosters!A4:B5');
    await page.fill('#seed', 'alpha');
    await page.click('#resolve');
    expect((await status(page)).tone).toBe('error');
    const alert = await page.textContent('#status-alert');
    expect(alert).toContain('Defender roster: "Rosters!A1:B2,Rosters!A4:B5" is several ranges');
    expect(await page.getAttribute('#status-message', 'aria-hidden')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('defender');
    expect(await page.getAttribute('#defender', 'aria-invalid')).toBe('true');
    await page.fill('#defender', 'Rosters!D1:E3');
    expect(await page.getAttribute('#defender', 'aria-invalid')).toBeNull();
    // More options at fault (imperium): that box.
    await page.selectOption('#rules', 'imperium');
    await page.fill('#more', 'speed=3');
    await page.click('#resolve');
    await page.waitForSelector('#more[aria-invalid="true"]');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('more');
    // A success empties the alert and speaks through the status region again.
    await page.selectOption('#rules', 'cote-pbem');
    await page.click('#resolve');
    await page.waitForSelector('#status[data-tone="success"]');
    expect(await page.textContent('#status-alert')).toBe('');
    expect(await page.getAttribute('#status-message', 'aria-hidden')).toBeNull();
    expect(await page.getAttribute('#more', 'aria-invalid')).toBeNull();
    await page.close();
  });

  test('Enter in the Game key box loads the key; a bad key marks the box', async () => {
    const page = await openPane();
    await page.focus('#seal-key');
    await page.keyboard.type('not a key');
    await page.keyboard.press('Enter');
    expect((await status(page)).tone).toBe('error');
    expect(await page.getAttribute('#seal-key', 'aria-invalid')).toBe('true');
    await page.fill('#seal-key', 'c3'.repeat(32));
    await page.keyboard.press('Enter');
    await page.waitForSelector('#status[data-tone="success"]');
    expect(await page.textContent('#seal-status')).toContain('Key loaded');
    await page.close();
  });

  test('the focus stays off the page body: on Stop while the odds are counted, then on Odds', async () => {
    const fleets = [
      ['Leader', 'Terran', '', 'Leader', 'Imperial'],
      ['DD', 40, '', 'CR', 40],
    ];
    const page = await openPane(submissionWorkbook({ sheets: [{ name: 'Fleets', rows: fleets }] }));
    await page.selectOption('#rules', 'imperium');
    await page.fill('#attacker', 'Fleets!A1:B2');
    await page.fill('#defender', 'Fleets!D1:E2');
    await page.fill('#seed', 'alpha');
    await page.focus('#odds');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#status[data-tone="busy"]');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('odds-stop');
    await page.keyboard.press('Enter');
    expect((await status(page)).text).toContain('Stopped before the odds were known.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('odds');
    await page.close();
  });

  test('a pasted text that is no key is refused in the status area; no key is loaded', async () => {
    const page = await openPane();
    await page.fill('#seal-key', 'not a key');
    await page.click('#key-load');
    const shown = await status(page);
    expect(shown.tone).toBe('error');
    expect(shown.text).toContain('That is not a game key');
    expect(await page.textContent('#seal-status')).toContain('No key loaded');
    expect(await page.isVisible('#key-forget')).toBe(false);
    await page.close();
  });

  test('a loaded key without a turn: Resolve all refuses and writes nothing', async () => {
    const page = await openPane(unseededWorkbook());
    await page.fill('#seal-key', 'c3'.repeat(32));
    await page.click('#key-load');
    expect((await status(page)).tone).toBe('success');
    await page.fill('#seal-game', 'Rome');
    await page.click('#resolve-all');
    await page.waitForSelector('#status[data-tone="error"]');
    expect(await page.textContent('#status')).toContain('Sealed dice need the turn');
    expect(await sheetGrid(page, 'Results')).toBeNull();
    await page.close();
  });

  test('sealed dice refused for want of Game, then of Turn: each box gets the focus in turn', async () => {
    const page = await openPane(unseededWorkbook());
    await page.fill('#seal-key', 'c3'.repeat(32));
    await page.click('#key-load');
    await page.waitForSelector('#status[data-tone="success"]');
    await page.click('#resolve-all');
    await page.waitForSelector('#seal-game[aria-invalid="true"]');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('seal-game');
    await page.keyboard.type('Rome');
    await page.click('#resolve-all');
    await page.waitForSelector('#seal-turn[aria-invalid="true"]');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('seal-turn');
    expect(await page.getAttribute('#seal-game', 'aria-invalid')).toBeNull();
    await page.close();
  });

  test('a key file sealed for a turn fills in Game and Turn when loaded', async () => {
    const page = await openPane();
    await page.fill('#seal-key', JSON.stringify({ game: 'Rome', turn: 3, key: 'c3'.repeat(32) }));
    await page.click('#key-load');
    expect((await status(page)).tone).toBe('success');
    expect(await page.inputValue('#seal-game')).toBe('Rome');
    expect(await page.inputValue('#seal-turn')).toBe('3');
    expect(await page.inputValue('#seal-key')).toBe('');
    await page.close();
  });

  test("a key file's Game and Turn are read-only while it is loaded; the next key resets them", async () => {
    const page = await openPane();
    const load = async (text: string) => {
      await page.fill('#seal-key', text);
      await page.click('#key-load');
      expect((await status(page)).tone).toBe('success');
    };
    const fields = async () => ({
      game: await page.inputValue('#seal-game'),
      turn: await page.inputValue('#seal-turn'),
      readOnly: await page.evaluate(() =>
        ['seal-game', 'seal-turn'].map(
          (id) => (document.getElementById(id) as HTMLInputElement).readOnly,
        ),
      ),
    });
    await load(JSON.stringify({ game: 'Rome', turn: 3, key: 'c3'.repeat(32) }));
    expect(await fields()).toEqual({ game: 'Rome', turn: '3', readOnly: [true, true] });
    await page.focus('#seal-game');
    await page.keyboard.type('x');
    expect(await page.inputValue('#seal-game')).toBe('Rome');
    await load(JSON.stringify({ game: 'Gaul', key: 'd4'.repeat(32) }));
    expect(await fields()).toEqual({ game: 'Gaul', turn: '', readOnly: [true, false] });
    await load('e5'.repeat(32));
    expect(await fields()).toEqual({ game: '', turn: '', readOnly: [false, false] });
    await page.fill('#seal-game', 'Rome');
    await load(JSON.stringify({ game: 'Gaul', turn: 2, key: 'd4'.repeat(32) }));
    await page.click('#key-forget');
    expect((await fields()).readOnly).toEqual([false, false]);
    await page.close();
  });

  test('Forget key clears the "key loaded" message from the status area', async () => {
    const page = await openPane();
    await page.fill('#seal-key', 'c3'.repeat(32));
    await page.click('#key-load');
    expect((await status(page)).tone).toBe('success');
    await page.click('#key-forget');
    expect(await page.getAttribute('#status', 'data-tone')).toBe('idle');
    expect((await page.textContent('#status-message'))?.trim()).toBe('');
    expect(await page.isVisible('#key-forget')).toBe(false);
    await page.close();
  });

  test('New seed writes eight fresh hex digits into the seed box', async () => {
    const page = await openPane();
    await page.click('#new-seed');
    const first = await page.inputValue('#seed');
    expect(first).toMatch(/^[0-9a-f]{8}$/);
    await page.click('#new-seed');
    expect(await page.inputValue('#seed')).not.toBe(first);
    await page.close();
  });

  test("the roster boxes suggest the workbook's range names", async () => {
    const page = await openPane();
    await page.waitForSelector('#range-names option', { state: 'attached' });
    const names = await page.$$eval('#range-names option', (os) =>
      os.map((o) => (o as HTMLOptionElement).value),
    );
    expect(names).toEqual(['AttackerRoster']);
    await page.close();
  });

  test('an Excel too old for the pane: the status area says so', async () => {
    const page = await loadPane({ ...submissionWorkbook(), apiVersion: '1.6' });
    const shown = await status(page);
    expect(shown.tone).toBe('error');
    expect(shown.text).toContain('This Excel is too old for Praetor');
    await page.close();
  });
});
