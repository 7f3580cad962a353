import { rulesetIds } from '../src/rulesets';
import { Report, resolveAll, resolveOne, showOdds } from './actions';
import {
  fillRangeNames,
  fillSelect,
  readInput,
  setBusy,
  setField,
  showDiceField,
  showOddsButton,
  showStatus,
} from './form';
import { WorkbookHost } from './host';
import { OddsProvider } from './odds';

/** Wires the page to a workbook: every button runs one action and shows its report. */
export function startPane(
  doc: Document,
  host: WorkbookHost,
  options: { odds?: OddsProvider } = {},
): void {
  fillSelect(doc, 'rules', rulesetIds());
  showOddsButton(doc, options.odds !== undefined);
  void host.rangeNames().then((names) => fillRangeNames(doc, names));

  const run = async (busyText: string, action: () => Promise<Report>) => {
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
    showStatus(doc, report);
  };

  const on = (id: string, event: string, handler: (e: Event) => void) =>
    doc.getElementById(id)?.addEventListener(event, handler);

  on('battle-form', 'submit', (e) => {
    e.preventDefault();
    void run('Resolving the battle…', () => resolveOne(host, readInput(doc)));
  });
  on('resolve-all', 'click', () => {
    void run('Resolving every battle of the workbook…', () => resolveAll(host));
  });
  const odds = options.odds;
  if (odds) {
    on('odds', 'click', () => {
      void run('Computing the odds…', () => showOdds(host, readInput(doc), odds));
    });
  }
  for (const side of ['attacker', 'defender']) {
    on(`${side}-pick`, 'click', () => {
      void host.selectionAddress().then((address) => {
        if (address.ok) {
          setField(doc, side, address.value);
          showStatus(doc, { tone: 'idle', message: '', details: [] });
        } else showStatus(doc, { tone: 'error', message: address.error, details: [] });
        doc.getElementById(side)?.focus();
      });
    });
  }
  doc
    .querySelectorAll('input[name="dice-kind"]')
    .forEach((radio) => radio.addEventListener('change', () => showDiceField(doc)));
  on('new-seed', 'click', () => setField(doc, 'seed', newSeed()));
  showDiceField(doc);
  doc.documentElement.dataset.pane = 'ready';
}

/** A fresh seed to write down: eight random hex digits. */
function newSeed(): string {
  const bytes = new Uint8Array(4);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
