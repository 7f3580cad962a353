import { connectExcel } from './excel';
import { showStatus } from './form';
import { startPane } from './pane';
import { pageOddsWorker, workerOdds } from './worker-odds';

/** The page's entry point: connect to Excel, then hand the pane its workbook. */
void connectExcel().then(
  (host) => {
    if (host.ok) startPane(document, host.value, { odds: workerOdds(pageOddsWorker) });
    else showStatus(document, { tone: 'error', message: host.error, details: [] });
  },
  (e: unknown) =>
    showStatus(document, {
      tone: 'error',
      message: `Office did not start: ${String(e)}`,
      details: [],
    }),
);
