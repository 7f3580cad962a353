import { oddsOf, OddsRequestMessage } from './odds';

/** The odds off the page's thread: one request in, its Result out. */
self.onmessage = (event: MessageEvent<OddsRequestMessage>) => {
  self.postMessage(oddsOf(event.data));
};
