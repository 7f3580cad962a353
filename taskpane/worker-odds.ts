import { OddsResult } from '../src/odds';
import { err, Result } from '../src/result';
import { coreOdds, ODDS_STOPPED, OddsProvider, oddsRequest, OddsWorkerMessage } from './odds';

/** The part of a Web Worker the provider uses (a fake stands in for it in tests). */
export interface OddsWorker {
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: unknown): void;
  terminate(): void;
}

/**
 * The odds in a worker (`odds-worker.js`), so that the pane stays alive while a large battle is
 * counted, and its Stop button can end the count. Each computation has a worker of its own,
 * ended when it answers or is stopped. A worker that cannot start (a webview without workers,
 * a script that does not load) leaves the odds to the page's thread, as before.
 */
export function workerOdds(start: () => OddsWorker): OddsProvider {
  let stopLast: (() => void) | null = null;
  return {
    compute: (battle, progress) =>
      new Promise((resolve) => {
        let worker: OddsWorker;
        try {
          worker = start();
        } catch {
          resolve(coreOdds.compute(battle));
          return;
        }
        let settled = false;
        const settle = (r: Result<OddsResult> | Promise<Result<OddsResult>>) => {
          if (settled) return;
          settled = true;
          worker.terminate();
          resolve(r);
        };
        stopLast = () => settle(err(ODDS_STOPPED));
        worker.onmessage = (event) => {
          const message = event.data as OddsWorkerMessage;
          if ('result' in message) settle(message.result);
          else if (!settled) progress?.(message.progress);
        };
        worker.onerror = (event) => {
          event.preventDefault();
          settle(coreOdds.compute(battle));
        };
        worker.postMessage(oddsRequest(battle));
      }),
    stop: () => stopLast?.(),
  };
}

/** The browser's worker for the bundled `odds-worker.js` beside the page. */
export const pageOddsWorker = (): OddsWorker =>
  new Worker(new URL('odds-worker.js', document.baseURI).href);
