import { findRuleset, rulesetIds } from '../src/rulesets';
import { Report, resolveAll, resolveOne, showOdds } from './actions';
import {
  bindSealFields,
  fillRangeNames,
  fillSelect,
  mistypedNumber,
  readInput,
  readSealFields,
  setBusy,
  setField,
  showDiceField,
  showOddsButton,
  showOddsStop,
  showRulesetFields,
  showSealStatus,
  showStatus,
} from './form';
import { WorkbookHost } from './host';
import { OddsProvider } from './odds';
import { rulesetFields } from './option-fields';
import { readPastedKey, sealField, SessionKey, sessionSeal } from './seal';
import { verifyAll } from './verify';

/** Runs an action with the buttons disabled meanwhile, and shows its report. */
type Run = (busyText: string, action: () => Promise<Report>) => Promise<void>;

/** Listens to an element of the page by id. */
type On = (id: string, event: string, handler: (e: Event) => void) => void;

/** Wires the page to a workbook: every button runs one action and shows its report. */
export function startPane(
  doc: Document,
  host: WorkbookHost,
  options: { odds?: OddsProvider } = {},
): void {
  fillSelect(doc, 'rules', rulesetIds());
  showOddsButton(doc, options.odds !== undefined);
  void host.rangeNames().then((names) => fillRangeNames(doc, names));
  const run = runner(doc);
  const on: On = (id, event, handler) => doc.getElementById(id)?.addEventListener(event, handler);

  on('battle-form', 'submit', (e) => {
    e.preventDefault();
    const mistyped = mistypedNumber(doc, 'rounds');
    if (mistyped) return showStatus(doc, mistyped);
    void run('Resolving the battle…', () => resolveOne(host, readInput(doc)));
  });
  const session = bindSessionKey(doc, on);
  on('resolve-all', 'click', () => {
    const fields = readSealFields(doc);
    const key = session();
    const mistyped = key === null ? null : mistypedNumber(doc, 'seal-turn');
    if (mistyped) return showStatus(doc, mistyped);
    void run('Resolving every battle of the workbook…', async () => {
      if (key === null) return resolveAll(host);
      const seal = sessionSeal(key, fields.game, fields.turn);
      if (!seal.ok) {
        const field = sealField(key, fields.game);
        return { tone: 'error', message: seal.error, details: [], field };
      }
      return resolveAll(host, seal.value);
    });
  });
  on('verify', 'click', () => {
    const key = session();
    void run('Verifying every battle of the workbook…', () =>
      verifyAll(
        host,
        key ? { key: key.key, ...(key.game !== undefined ? { game: key.game } : {}) } : undefined,
      ),
    );
  });
  if (options.odds) bindOdds(doc, host, options.odds, on, run);
  bindRangePickers(doc, host, on);
  doc
    .querySelectorAll('input[name="dice-kind"]')
    .forEach((radio) => radio.addEventListener('change', () => showDiceField(doc)));
  on('new-seed', 'click', () => setField(doc, 'seed', newSeed()));
  showDiceField(doc);
  const showOptions = () => {
    const ruleset = findRuleset(readInput(doc).rules);
    if (ruleset) showRulesetFields(doc, ruleset.id, rulesetFields(ruleset));
  };
  on('rules', 'change', showOptions);
  showOptions();
  doc.documentElement.dataset.pane = 'ready';
}

function runner(doc: Document): Run {
  return async (busyText, action) => {
    // The disabled buttons lose the focus: it comes back to where it was once they are enabled.
    const focused = doc.activeElement;
    setBusy(doc, true, busyText);
    // Let the page paint "working" before a long computation holds the thread.
    await new Promise((resolve) => setTimeout(resolve, 0));
    let report: Report;
    try {
      report = await action();
    } catch (e) {
      report = { tone: 'error', message: `Something went wrong: ${String(e)}`, details: [] };
    }
    setBusy(doc, false);
    if (focused instanceof HTMLElement && (doc.activeElement === doc.body || !doc.activeElement)) {
      focused.focus();
    }
    showStatus(doc, report);
  };
}

/**
 * The sealed game key of this session, loaded and forgotten by its buttons: kept in this
 * closure only, never in the page or the workbook. Returns what is loaded now.
 */
function bindSessionKey(doc: Document, on: On): () => SessionKey | null {
  let session: SessionKey | null = null;
  on('key-load', 'click', () => {
    const fields = readSealFields(doc);
    const loaded = readPastedKey(fields.key);
    if (!loaded.ok) {
      showStatus(doc, { tone: 'error', message: loaded.error, details: [], field: 'seal-key' });
      return;
    }
    session = loaded.value;
    setField(doc, 'seal-key', '');
    bindSealFields(doc, session);
    showSealStatus(doc, session.commitment);
    showStatus(doc, {
      tone: 'success',
      message:
        'Key loaded for this session. Compare its commitment with the one posted to the players.',
      details: [session.commitment],
    });
  });
  on('key-forget', 'click', () => {
    session = null;
    bindSealFields(doc, null);
    showSealStatus(doc, null);
    showStatus(doc, { tone: 'idle', message: '', details: [] });
  });
  // The key box is outside the battle form: Enter there loads the key.
  on('seal-key', 'keydown', (e) => {
    if ((e as KeyboardEvent).key !== 'Enter') return;
    e.preventDefault();
    doc.getElementById('key-load')?.click();
  });
  return () => session;
}

/** Odds and its Stop, with the share counted shown in steps of 10%. */
function bindOdds(doc: Document, host: WorkbookHost, odds: OddsProvider, on: On, run: Run): void {
  on('odds', 'click', () => {
    const mistyped = mistypedNumber(doc, 'rounds');
    if (mistyped) return showStatus(doc, mistyped);
    showOddsStop(doc, odds.stop !== undefined);
    // In steps of 10%: the status area is read aloud as it changes.
    let shown = 0;
    const counted = (share: number) => {
      const tenth = Math.floor(share * 10) * 10;
      if (tenth === shown) return;
      shown = tenth;
      showStatus(doc, { tone: 'busy', message: `Computing the odds… ${tenth}%`, details: [] });
    };
    // Hidden before the buttons come back, so that the focus returns to Odds.
    void run('Computing the odds…', () =>
      showOdds(host, readInput(doc), odds, counted).finally(() => showOddsStop(doc, false)),
    );
    // Odds is disabled meanwhile: the focus waits on Stop rather than on the page.
    if (odds.stop !== undefined) doc.getElementById('odds-stop')?.focus();
  });
  on('odds-stop', 'click', () => odds.stop?.());
}

/** Each side's "use the selection" button: the selected range's address into its box. */
function bindRangePickers(doc: Document, host: WorkbookHost, on: On): void {
  for (const side of ['attacker', 'defender']) {
    on(`${side}-pick`, 'click', () => {
      void host.selectionAddress().then((address) => {
        if (address.ok) {
          setField(doc, side, address.value);
          showStatus(doc, { tone: 'idle', message: '', details: [] });
        } else showStatus(doc, { tone: 'error', message: address.error, details: [], field: side });
        doc.getElementById(side)?.focus();
      });
    });
  }
}

/** A fresh seed to write down: eight random hex digits. */
function newSeed(): string {
  const bytes = new Uint8Array(4);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
