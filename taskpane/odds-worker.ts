import { oddsOf, OddsRequestMessage, OddsWorkerMessage } from './odds';

/** The odds off the page's thread: one request in, its progress and its Result out. */
const say = (message: OddsWorkerMessage) => self.postMessage(message);

self.onmessage = (event: MessageEvent<OddsRequestMessage>) => {
  const result = oddsOf(event.data, (done, total) => say({ progress: done / total }));
  say({ result });
};
