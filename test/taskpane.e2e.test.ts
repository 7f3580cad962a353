import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { adjudicateSubmission } from '../src/adjudicate';
import { resultsSheet } from '../src/results-sheet';
import { readSubmission } from '../src/submission';
import { oddsLines, coreOdds } from '../taskpane/odds';
import { cellsAt, coreBattle, coreLog, logCells } from './sim/expected';
import { submissionWorkbook, unseededWorkbook } from './sim/fixtures';
import { SimFixture, SimWorkbook } from './sim/model';
import { describeInBrowser, OFFICE_CDN, panePages, paneStatus, sheetGrid } from './sim/pane-page';

/**
 * The built taskpane in headless Chromium (Debian's package, driven by playwright-core), set up
 * by `sim/pane-page.ts`: the Office CDN script is answered with the simulated Excel host, every
 * other request outside the local server is refused. Skipped only off CI when /usr/bin/chromium
 * is missing.
 */

const SCREENSHOTS = join(__dirname, '..', 'dist', 'test-output');

jest.setTimeout(60_000);

describeInBrowser('the taskpane in a browser', () => {
  const pages = panePages();
  const openPane = (width = 320, fixture: SimFixture = submissionWorkbook()) =>
    pages.open(fixture, width);
  const status = paneStatus;

  const node = SimWorkbook.from(submissionWorkbook());
  const taken = node.sheets.map((s) => s.name);

  test('fill the form, Resolve, and the workbook has the log', async () => {
    const page = await openPane();
    await page.fill('#battle-id', 'B1');
    await page.fill('#attacker', 'Rosters!A1:B5');
    await page.click('#defender-pick'); // the selection: Rosters!D1:E3
    await expect(page.inputValue('#defender')).resolves.toBe('Rosters!D1:E3');
    await page.fill('#seed', 'alpha');
    await page.click('#resolve');
    const shown = await status(page);
    expect(shown.tone).toBe('success');
    expect(shown.text).toContain('Log B1');
    const expected = coreLog(
      node,
      'Rosters!A1:B5',
      'Rosters!D1:E3',
      { id: 'B1', seed: 'alpha' },
      taken,
    );
    expect(await sheetGrid(page, 'Log B1')).toEqual(logCells(expected));
    const syncs = await page.evaluate(
      () => (window as unknown as { __sim: SimWorkbook }).__sim.syncCount,
    );
    expect(syncs).toBeLessThanOrEqual(4); // the selection (1), the names list (1), Resolve (2)
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'taskpane-320.png'), fullPage: true });
    await page.close();
  });

  test('Resolve clicked twice in a row resolves once: the buttons wait while Excel works', async () => {
    const page = await openPane();
    await page.fill('#battle-id', 'B1');
    await page.fill('#attacker', 'Rosters!A1:B5');
    await page.fill('#defender', 'Rosters!D1:E3');
    await page.fill('#seed', 'alpha');
    // Each sync a real round trip long, so that the second click lands while Excel works.
    const syncsBefore = await page.evaluate(() => {
      const sim = (window as unknown as { __sim: SimWorkbook }).__sim;
      sim.syncLatencyMs = 50;
      return sim.syncCount;
    });
    await page.dblclick('#resolve');
    expect((await status(page)).tone).toBe('success');
    // One Resolve: its two round trips (a second would have read and written again).
    const syncs = await page.evaluate(
      () => (window as unknown as { __sim: SimWorkbook }).__sim.syncCount,
    );
    expect(syncs - syncsBefore).toBe(2);
    expect(await sheetGrid(page, 'Log B1')).not.toBeNull();
    expect(await sheetGrid(page, 'Log B1 (2)')).toBeNull();
    expect(await page.isDisabled('#resolve')).toBe(false);
    await page.close();
  });

  test("Odds: the exact odds, from the solver's WebAssembly kernel in the page", async () => {
    const page = await openPane();
    await page.fill('#battle-id', 'B1');
    await page.fill('#attacker', 'Rosters!A1:B5');
    await page.fill('#defender', 'Rosters!D1:E3');
    await page.fill('#seed', 'alpha');
    await page.click('#odds');
    const shown = await status(page);
    expect(shown.tone).toBe('success');
    const battle = coreBattle(node, 'Rosters!A1:B5', 'Rosters!D1:E3', { id: 'B1', seed: 'alpha' });
    const odds = await coreOdds.compute(battle);
    if (!odds.ok) throw new Error(odds.error);
    expect(odds.value.method).toBe('exact');
    for (const line of oddsLines(odds.value)) expect(shown.text).toContain(line);
    // Counted off the page's thread, by the bundled worker beside the page.
    expect(pages.requests.filter((url) => url.endsWith('/odds-worker.js')).length).toBeGreaterThan(
      0,
    );
    await page.close();
  });

  test('Resolve all writes the Results sheet of praetor adjudicate', async () => {
    const page = await openPane();
    await page.click('#resolve-all');
    const shown = await status(page);
    expect(shown.tone).toBe('warning'); // battle B4's scripted dice run out
    expect(shown.text).toContain('Battles!J5');
    const battles = cellsAt(node, 'Battles', 'A1:J5');
    const legions = cellsAt(node, 'Legions', 'A1:H9');
    const submission = readSubmission(battles, legions);
    const expected = resultsSheet(
      adjudicateSubmission(submission),
      submission.problems,
      submission.warnings,
    );
    expect(await sheetGrid(page, 'Results')).toEqual(expected);
    // Each row, as tall as its wrapped error, reads from its top: every cell below the header.
    const vertical = await page.evaluate(() => {
      const sheet = (window as unknown as { __sim: SimWorkbook }).__sim.sheet('Results')!;
      return sheet
        .grid()
        .map((row, r) => row.map((_, c) => sheet.formats.get(`${r},${c}`)?.verticalAlignment));
    });
    expect(vertical).toEqual(expected.map((row, r) => row.map(() => (r > 0 ? 'Top' : undefined))));
    await page.close();
  });

  test('a sealed key: load it, Resolve all with it, Verify; the key is in no cell', async () => {
    const key = 'c3'.repeat(32);
    const commitment = createHash('sha256').update(Buffer.from(key, 'hex')).digest('hex');
    const page = await openPane(320, unseededWorkbook());
    await page.fill('#seal-key', JSON.stringify({ game: 'Rome', key }));
    await page.click('#key-load');
    expect((await status(page)).tone).toBe('success');
    expect(await page.textContent('#seal-status')).toContain(commitment);
    expect(await page.inputValue('#seal-key')).toBe('');
    expect(await page.inputValue('#seal-game')).toBe('Rome');
    await page.fill('#seal-turn', '3');
    await page.click('#resolve-all');
    const resolved = await status(page);
    expect(resolved.tone).toBe('success');
    expect(resolved.text).toContain(`commitment ${commitment}`);
    const results = (await sheetGrid(page, 'Results'))!;
    expect(results[1].slice(10)).toEqual(['Rome', 3, commitment]);
    await page.click('#verify');
    await page.waitForSelector('#status[data-tone="success"] >> text=Verified');
    expect(await page.textContent('#status')).toContain('The key matches the commitment.');
    const cells = await page.evaluate(() =>
      (window as unknown as { __sim: SimWorkbook }).__sim.snapshot(),
    );
    expect(cells).toContain(commitment);
    expect(cells.toLowerCase()).not.toContain(key);
    expect(await page.isVisible('#key-forget')).toBe(true);
    await page.click('#key-forget');
    expect(await page.textContent('#seal-status')).toContain('No key loaded');
    await page.click('#verify');
    await page.waitForSelector('#status[data-tone="error"]');
    expect(await page.textContent('#status')).toContain('are sealed');
    await page.close();
  });

  test('an error is shown in plain words, naming sheet and cell', async () => {
    const page = await openPane();
    await page.fill('#attacker', 'Legions!A1:H9');
    await page.fill('#defender', 'Nowhere!A1:B2');
    await page.fill('#seed', 'x');
    await page.click('#resolve');
    const shown = await status(page);
    expect(shown).toMatchObject({ tone: 'error' });
    expect(shown.text).toContain('no sheet named “Nowhere”');
    expect(await page.getAttribute('#status', 'aria-live')).toBe('polite');
    await page.close();
  });

  test('keyboard only: tab through labelled controls, Space and Enter act', async () => {
    const page = await openPane();
    // Every control has a label or an accessible name.
    const unlabelled = await page.evaluate(() =>
      Array.from(document.querySelectorAll('input, select, textarea, button'))
        .filter((el) => {
          const c = el as HTMLInputElement;
          const name =
            (c.labels && c.labels.length > 0) ||
            c.getAttribute('aria-label') ||
            (el.tagName === 'BUTTON' && el.textContent?.trim());
          return !name;
        })
        .map((el) => el.id || el.outerHTML),
    );
    expect(unlabelled).toEqual([]);
    await page.focus('#battle-id');
    await page.keyboard.type('K1');
    await page.keyboard.press('Tab'); // ruleset
    await page.keyboard.press('Tab'); // attacker
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('attacker');
    await page.keyboard.type('AttackerRoster');
    await page.keyboard.press('Tab'); // Use selection (attacker)
    await page.keyboard.press('Tab'); // defender
    await page.keyboard.press('Tab'); // Use selection (defender)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('defender-pick');
    await page.keyboard.press('Space');
    await expect(page.inputValue('#defender')).resolves.toBe('Rosters!D1:E3');
    await page.focus('#seed');
    await page.keyboard.type('kb');
    await page.keyboard.press('Enter'); // submits the form: Resolve
    expect((await status(page)).tone).toBe('success');
    expect(await sheetGrid(page, 'Log K1')).not.toBeNull();
    await page.close();
  });

  test('at 320 px wide nothing overflows sideways; the Odds button is offered', async () => {
    const page = await openPane(320);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      widest: Math.max(
        ...Array.from(document.querySelectorAll('main *')).map(
          (e) => e.getBoundingClientRect().right,
        ),
      ),
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(widths.widest).toBeLessThanOrEqual(320);
    expect(await page.isVisible('#odds')).toBe(true);
    await page.close();
  });

  test('nothing left the machine: only the local server and the stubbed CDN', () => {
    expect(pages.requests.length).toBeGreaterThan(0);
    for (const url of pages.requests)
      expect(url === OFFICE_CDN || url.startsWith(`${pages.origin()}/`)).toBe(true);
  });
});
